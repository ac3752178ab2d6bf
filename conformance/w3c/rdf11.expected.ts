/**
 * Expected failures of the RDF 1.1 syntax suites, per suite: test IRI and
 * reason. Empty: every test passes. The list only shrinks; a new entry needs
 * a reason naming the bug in src/formats.
 */
import type { KnownIssue } from '../runner/suite.ts';

export const RDF11_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {};
