/**
 * A conformance suite: entry manifests, the handlers for their test types,
 * and the explicit lists of known issues, each entry a test IRI with its
 * reason (style.md: "expected failures in a list, never a regex"). The lists
 * only shrink: an expected failure that passes is reported as a failure.
 */
import type { HandlerRegistry } from './registry.ts';

export interface KnownIssue {
  /** The test IRI exactly as the manifest names it (its W3C URL). */
  readonly test: string;
  readonly reason: string;
}

export interface Suite {
  readonly name: string;
  /** Entry manifests, relative to the suites root (`SuiteFiles.root`). */
  readonly manifests: readonly string[];
  readonly handlers: HandlerRegistry;
  /** `in-process` suites run inside `npm test`; `http` suites need `--endpoint`. */
  readonly mode: 'in-process' | 'http';
  /** Run, expected to fail (tap todo, EARL failed). */
  readonly expectedFailures?: readonly KnownIssue[];
  /** Not run at all: the runner cannot set the test up (counted as skipped). */
  readonly notRun?: readonly KnownIssue[];
  /** A test that has not settled after this long fails (default `DEFAULT_TEST_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
}

export const DEFAULT_TEST_TIMEOUT_MS = 5000;
