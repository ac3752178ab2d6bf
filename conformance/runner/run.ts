/**
 * Running a suite: load its manifests once, then run every entry in order,
 * in-process, and classify the result against the suite's known issues.
 * Produces one `Outcome` per test; tap.ts, earl.ts and the CLI report them.
 */
import path from 'node:path';
import type { RunContext } from './context.ts';
import { loadManifests, testsOf, type TestCase } from './manifest.ts';
import { TestFailure, TestSkipped } from './registry.ts';
import { DEFAULT_TEST_TIMEOUT_MS, type KnownIssue, type Suite } from './suite.ts';
import { NOT_RUN_APPROVALS } from './vocab.ts';

export type OutcomeStatus = 'passed' | 'failed' | 'expected-failure' | 'skipped';

export interface Outcome {
  readonly test: TestCase;
  readonly status: OutcomeStatus;
  /** What went wrong (failed and expected-failure outcomes). */
  readonly message?: string;
  /** Why the test was skipped or is expected to fail. */
  readonly reason?: string;
  readonly diff?: string;
}

export interface SuiteRun {
  readonly suite: Suite;
  readonly outcomes: Outcome[];
  /** Known-issue entries that name no test of the suite (stale lists are errors). */
  readonly unknownEntries: string[];
  /** Set when the suite could not run at all (suites folder absent). */
  readonly unavailable?: string;
}

export interface Totals {
  passed: number;
  failed: number;
  expectedFailures: number;
  skipped: number;
}

/** Loads the suite's manifests and the tests in them; `undefined` when the suites folder is absent. */
export async function loadSuiteTests(suite: Suite, ctx: RunContext): Promise<TestCase[] | undefined> {
  if (!ctx.files.available) return undefined;
  const manifests = [];
  for (const entry of suite.manifests) manifests.push(...(await loadManifests(path.join(ctx.files.root, entry), ctx.files)));
  return testsOf(manifests);
}

/** Runs the suite; `onOutcome` sees each outcome as soon as its test finishes. */
export async function runSuite(suite: Suite, ctx: RunContext, onOutcome?: (o: Outcome) => void): Promise<SuiteRun> {
  const tests = await loadSuiteTests(suite, ctx);
  if (!tests) return { suite, outcomes: [], unknownEntries: [], unavailable: `W3C suites folder ${ctx.files.root} not found (set SVC_W3C_DIR)` };
  const expected = byTest(suite.expectedFailures);
  const notRun = byTest(suite.notRun);
  const outcomes: Outcome[] = [];
  for (const test of tests) {
    const outcome = await runTest(test, suite, ctx, expected.get(test.iri), notRun.get(test.iri));
    outcomes.push(outcome);
    onOutcome?.(outcome);
  }
  const iris = new Set(tests.map((test) => test.iri));
  const unknownEntries = [...expected.keys(), ...notRun.keys()].filter((iri) => !iris.has(iri));
  return { suite, outcomes, unknownEntries };
}

async function runTest(test: TestCase, suite: Suite, ctx: RunContext, expected?: KnownIssue, notRun?: KnownIssue): Promise<Outcome> {
  if (test.approval && NOT_RUN_APPROVALS.has(test.approval)) {
    return { test, status: 'skipped', reason: `approval is <${test.approval}>` };
  }
  if (notRun) return { test, status: 'skipped', reason: notRun.reason };
  const handler = suite.handlers.handlerFor(test);
  if (!handler) return { test, status: 'skipped', reason: `no handler for type ${test.types.map((t) => `<${t}>`).join(', ') || '(untyped)'}` };
  try {
    await settleWithin(handler(test, ctx), suite.timeoutMs ?? DEFAULT_TEST_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof TestSkipped) return { test, status: 'skipped', reason: error.message };
    const diff = error instanceof TestFailure ? error.diff : undefined;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (expected) return { test, status: 'expected-failure', reason: expected.reason, message, diff };
    return { test, status: 'failed', message, diff };
  }
  if (expected) return { test, status: 'failed', message: `passes now: remove from expected failures (reason was: ${expected.reason})` };
  return { test, status: 'passed' };
}

/** A handler that never settles (e.g. a parser stuck awaiting `drain` after an error) fails instead of hanging the run. */
async function settleWithin(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TestFailure(`did not finish within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function byTest(issues: readonly KnownIssue[] = []): Map<string, KnownIssue> {
  return new Map(issues.map((issue) => [issue.test, issue]));
}

export function totals(outcomes: readonly Outcome[]): Totals {
  const sum: Totals = { passed: 0, failed: 0, expectedFailures: 0, skipped: 0 };
  for (const { status } of outcomes) {
    if (status === 'expected-failure') sum.expectedFailures++;
    else sum[status]++;
  }
  return sum;
}
