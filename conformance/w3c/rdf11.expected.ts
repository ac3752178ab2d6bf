/**
 * Expected failures of the RDF 1.1 syntax suites, per suite: test IRI and
 * reason. Empty is the target; the list only shrinks.
 */
import type { KnownIssue } from '../runner/suite.ts';

export const RDF11_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {};
