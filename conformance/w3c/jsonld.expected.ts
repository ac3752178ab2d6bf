/**
 * Known issues of the JSON-LD toRdf and fromRdf suites, per suite, each with
 * its reason. `JSONLD_NOT_RUN`: tests the runner cannot set up (JSON-LD 1.0
 * only, or options the RdfFormat contract has no way to pass).
 * `JSONLD_EXPECTED_FAILURES`: tests we run and fail.
 */
import type { KnownIssue } from '../runner/suite.ts';

export const JSONLD_NOT_RUN: Readonly<Record<string, readonly KnownIssue[]>> = {};

export const JSONLD_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {};
