/**
 * Known issues of the W3C SPARQL query suites, per suite: test IRI and reason.
 * Expected failures run and are reported as tap `todo`; not-run tests are
 * counted as skipped. The lists only shrink.
 */
import type { KnownIssue } from '../runner/suite.ts';

const S10 = 'https://w3c.github.io/rdf-tests/sparql/sparql10/';
const S11 = 'https://w3c.github.io/rdf-tests/sparql/sparql11/';

export const SPARQL_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {};

export const SPARQL_NOT_RUN: Readonly<Record<string, readonly KnownIssue[]>> = {};

void S10;
void S11;
