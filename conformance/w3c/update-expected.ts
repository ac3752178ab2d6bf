/**
 * Known issues of the W3C SPARQL 1.1 Update suite: test IRI and reason.
 * Expected failures run and are reported as tap `todo`. The list only shrinks.
 */
import type { KnownIssue } from '../runner/suite.ts';

export const UPDATE_EXPECTED_FAILURES: readonly KnownIssue[] = [];
