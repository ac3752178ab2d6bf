/**
 * Tap integration: each W3C test is one tap assertion. Passed → ok; failed →
 * not ok with the diff; expected failure → not ok with `{ todo: reason }`
 * (counted as todo, visible); skipped → ok with `{ skip: reason }`. A missing
 * suites folder is one visible skip per suite, never a silent pass. With
 * `SVC_EARL_DIR` set, each suite also writes `<dir>/<suite>.ttl`.
 */
import path from 'node:path';
import type { Extra } from 'tap';
import type { RunContext } from './context.ts';
import { writeEarl } from './earl.ts';
import { runSuite, totals, type Outcome, type SuiteRun } from './run.ts';
import type { Suite } from './suite.ts';

/** The part of a tap `Test` the runner uses. */
export interface TapAssertions {
  pass(message: string, extra: Extra): unknown;
  fail(message: string, extra: Extra): unknown;
  comment(...args: unknown[]): unknown;
}

export async function tapSuite(t: TapAssertions, suite: Suite, ctx: RunContext): Promise<SuiteRun> {
  const run = await runSuite(suite, ctx, (outcome) => assertOutcome(t, outcome));
  if (run.unavailable) t.pass(`${suite.name}: not run`, { skip: run.unavailable });
  for (const entry of run.unknownEntries) {
    t.fail(`${suite.name}: a known-issue list names <${entry}>, which is not a test of this suite; remove it`, {});
  }
  const sum = totals(run.outcomes);
  t.comment(`${suite.name}: ${sum.passed} passed, ${sum.failed} failed, ${sum.expectedFailures} expected failures, ${sum.skipped} skipped`);
  const earlDir = process.env.SVC_EARL_DIR;
  if (earlDir) await writeEarl(path.join(earlDir, `${suite.name}.ttl`), run.outcomes);
  return run;
}

function assertOutcome(t: TapAssertions, outcome: Outcome): void {
  const title = outcome.test.iri;
  switch (outcome.status) {
    case 'passed':
      t.pass(title, {});
      return;
    case 'failed':
      t.fail(title, { name: outcome.test.name, error: outcome.message, diff: outcome.diff, diagnostic: true });
      return;
    case 'expected-failure':
      t.fail(title, { todo: outcome.reason ?? 'expected failure', error: outcome.message });
      return;
    case 'skipped':
      t.pass(title, { skip: outcome.reason ?? 'skipped' });
      return;
  }
}
