/**
 * `npm run bench -- <suite> [options]`: measures svc against its peers side by
 * side, prints one table per suite, and records it in BENCHMARKS.md (the
 * suite's own section, replaced on every run) with the command, machine and date.
 */
import { resolveDataset } from './data.ts';
import { Deadline } from './isolate.ts';
import type { RunContext } from './measure.ts';
import { parseOptions, USAGE, type Options } from './options.ts';
import { loadLine, renderSection, writeSection, type SuiteName, type SuiteReport } from './report.ts';
import { formatsSuite } from './suites/formats.ts';
import { httpSuite } from './suites/http.ts';
import { loadSuite } from './suites/load.ts';
import { querySuite } from './suites/query.ts';
import { scaleSuite } from './suites/scale.ts';

async function runSuite(suite: SuiteName, options: Options, ctx: RunContext): Promise<SuiteReport> {
  const dataset = resolveDataset(options.data, options.queriesDir);
  switch (suite) {
    case 'load':
      return loadSuite(dataset, options.engines, options.rounds, ctx);
    case 'query':
      return querySuite(dataset, options.engines, options.only, ctx);
    case 'http':
      return httpSuite(dataset, options, ctx);
    case 'scale':
      return scaleSuite(dataset, options, ctx);
    case 'formats':
      return formatsSuite(dataset, options, ctx);
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const command = ['npm run bench --', ...argv].join(' ');
  const ctx: RunContext = { runs: options.runs, timeoutMs: options.timeoutS * 1000, deadline: new Deadline(options.deadlineS) };
  for (const suite of options.suites) {
    const started = new Date();
    const loadAtStart = loadLine();
    const report = await runSuite(suite, options, ctx);
    const section = renderSection(report, command, started, loadAtStart);
    process.stdout.write(`\n${section}\n`);
    if (options.write) {
      writeSection(suite, report.data, section, options.out);
      process.stderr.write(`bench: ${suite} section written to ${options.out}\n`);
    }
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n${USAGE}\n`);
      process.exit(1);
    },
  );
}
