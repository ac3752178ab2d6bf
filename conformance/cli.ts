/**
 * `svc conformance --endpoint URL [--repository ID] [--profile spec|svc] [--earl FILE]`:
 * runs the HTTP-mode suites (conformance/w3c/suites.ts `HTTP_SUITES`) against
 * a running server and prints per-suite totals, every failure with its diff,
 * and optionally an EARL report. The suites empty the repository before each
 * test: point them at a scratch repository (default id `default`). Exit code 0 when nothing failed, 1 on
 * failures, 2 on bad arguments.
 */
import { parseArgs } from 'node:util';
import { createContext, type Profile, type RunContext } from './runner/context.ts';
import type { SuiteFiles } from './runner/suite-files.ts';
import { protocolSuiteFiles } from './protocol/suites.ts';
import { SVC_SUBJECT, writeEarl } from './runner/earl.ts';
import { runSuite, totals, type Outcome } from './runner/run.ts';
import type { Suite } from './runner/suite.ts';
import { HTTP_SUITES } from './w3c/suites.ts';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = 'usage: svc conformance --endpoint URL [--repository ID] [--profile spec|svc] [--earl FILE]';

export async function runConformance(
  args: string[],
  io: CliOutput = { out: (l) => console.log(l), err: (l) => console.error(l) },
  suites: readonly Suite[] = HTTP_SUITES,
  files?: SuiteFiles,
): Promise<number> {
  const cli = parseCli(args, io, files);
  if (!cli) return 2;
  const { ctx, earl } = cli;
  if (suites.length === 0) {
    io.out(`No HTTP conformance suites are registered yet: nothing was run against ${ctx.endpoint}.`);
    io.out('(Register suites in conformance/w3c/suites.ts HTTP_SUITES.)');
    return 0;
  }
  const outcomes: Outcome[] = [];
  let unavailable = false;
  for (const suite of suites) {
    const run = await runSuite(suite, ctx);
    outcomes.push(...run.outcomes);
    if (run.unavailable) {
      unavailable = true;
      io.err(`${suite.name}: not run: ${run.unavailable}`);
      continue;
    }
    report(suite, run.outcomes, io);
    for (const entry of run.unknownEntries) io.err(`${suite.name}: known-issue list names <${entry}>, which is not in the suite`);
  }
  if (earl) await writeEarl(earl, outcomes, { ...SVC_SUBJECT, description: `server at ${ctx.endpoint}` });
  const sum = totals(outcomes);
  io.out(`total: ${sum.passed} passed, ${sum.failed} failed, ${sum.expectedFailures} expected failures, ${sum.skipped} skipped`);
  return sum.failed > 0 || unavailable ? 1 : 0;
}

function parseCli(args: string[], io: CliOutput, files?: SuiteFiles): { ctx: RunContext; earl?: string } | undefined {
  try {
    const { values } = parseArgs({
      args,
      options: {
        endpoint: { type: 'string' },
        repository: { type: 'string' },
        profile: { type: 'string', default: 'svc' },
        earl: { type: 'string' },
      },
      strict: true,
    });
    if (!values.endpoint) throw new Error('--endpoint URL is required');
    if (values.profile !== 'spec' && values.profile !== 'svc') throw new Error(`--profile must be spec or svc, not "${values.profile}"`);
    const ctx = createContext({ files: files ?? protocolSuiteFiles(), endpoint: new URL(values.endpoint), repository: values.repository, profile: values.profile as Profile });
    return { ctx, earl: values.earl };
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return undefined;
  }
}

function report(suite: Suite, outcomes: readonly Outcome[], io: CliOutput): void {
  for (const o of outcomes) {
    if (o.status !== 'failed') continue;
    io.out(`FAIL ${o.test.iri}: ${o.message ?? ''}`);
    if (o.diff) io.out(o.diff.replace(/^/gm, '    '));
  }
  const sum = totals(outcomes);
  io.out(`${suite.name}: ${sum.passed} passed, ${sum.failed} failed, ${sum.expectedFailures} expected failures, ${sum.skipped} skipped`);
}
