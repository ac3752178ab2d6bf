/**
 * The command line: `npm run bench -- <suite|all> [options]`. Every option has
 * a default, so `npm run bench -- query` runs as is.
 */
import { parseArgs } from 'node:util';
import { ENGINE_NAMES, parseEngineList, type EngineName } from './engine.ts';
import { DATASET_NAMES } from './data.ts';
import { BENCHMARKS_FILE, SUITE_ORDER, type SuiteName } from './report.ts';

export interface Options {
  readonly suites: readonly SuiteName[];
  readonly data: string;
  readonly queriesDir?: string;
  readonly only?: readonly string[];
  readonly engines: readonly EngineName[];
  readonly runs: number;
  readonly timeoutS: number;
  readonly deadlineS: number;
  readonly rounds: number;
  readonly sizes?: readonly number[];
  readonly durationS: number;
  readonly mixS: number;
  readonly write: boolean;
  readonly out: string;
}

export const USAGE = `usage: npm run bench -- <${[...SUITE_ORDER, 'all'].join('|')}> [options]
  --data NAME|FILE     ${DATASET_NAMES.join('|')} or an .nt/.nt.gz path (default lubm1)
  --queries DIR        query folder (default: the dataset's)
  --only q01,q02       run only these queries
  --engines LIST       ${ENGINE_NAMES.join(',')} (jena = jena-mem,jena-tdb2; default all)
  --runs N             timed runs per query after one warm-up (default 5)
  --timeout S          per-query (and per-request) time limit in seconds (default 60)
  --deadline S         overall time limit of the run in seconds (default 3600)
  --rounds N           load rounds per engine, the median is reported (default 1)
  --sizes N,N,...      scale suite: triple counts (default 5 steps up to the whole file)
  --duration S         http suite: seconds per autocannon run (default 10)
  --mix S              http suite: seconds per BSBM explore-mix run (default 30)
  --no-write           print the tables only; do not touch BENCHMARKS.md
  --out FILE           write the sections into FILE instead of BENCHMARKS.md`;

export function parseOptions(argv: readonly string[]): Options {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      data: { type: 'string', default: 'lubm1' },
      queries: { type: 'string' },
      only: { type: 'string' },
      engines: { type: 'string', default: ENGINE_NAMES.join(',') },
      runs: { type: 'string', default: '5' },
      timeout: { type: 'string', default: '60' },
      deadline: { type: 'string', default: '3600' },
      rounds: { type: 'string', default: '1' },
      sizes: { type: 'string' },
      duration: { type: 'string', default: '10' },
      mix: { type: 'string', default: '30' },
      'no-write': { type: 'boolean', default: false },
      out: { type: 'string', default: BENCHMARKS_FILE },
    },
  });
  if (positionals.length !== 1) throw new Error('expected one suite');
  const suite = positionals[0]!;
  const suites = suite === 'all' ? SUITE_ORDER : SUITE_ORDER.filter((s) => s === suite);
  if (suites.length === 0) throw new Error(`unknown suite "${suite}"`);
  return {
    suites,
    data: values.data,
    queriesDir: values.queries,
    only: values.only?.split(','),
    engines: parseEngineList(values.engines),
    runs: positiveInt('runs', values.runs),
    timeoutS: positiveInt('timeout', values.timeout),
    deadlineS: positiveInt('deadline', values.deadline),
    rounds: positiveInt('rounds', values.rounds),
    sizes: values.sizes?.split(',').map((s) => positiveInt('sizes', s)),
    durationS: positiveInt('duration', values.duration),
    mixS: positiveInt('mix', values.mix),
    write: !values['no-write'],
    out: values.out,
  };
}

function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} expects a positive integer, got "${text}"`);
  return n;
}
