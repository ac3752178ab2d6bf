/**
 * `scale` suite: the same engines on growing prefixes of one dataset (the
 * first N triples of the file), to show how load rate and query time change
 * with size. Each size is a fresh process per engine: load, then every query.
 * Besides the table, an SVG plot (our own `svg.ts`) is written next to the
 * report, under `tools/bench/plots/`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { prefixOf, readQueries, type Dataset } from '../data.ts';
import type { EngineName } from '../engine.ts';
import { failureCell, measureQueries, type QueryRun, type RunContext } from '../measure.ts';
import type { Options } from '../options.ts';
import { fmt, ratio, table, type SuiteReport } from '../report.ts';
import { renderCharts, type Series } from '../svg.ts';

const STEPS = [0.1, 0.25, 0.5, 0.75, 1];

/** Default sizes: fractions of the whole file, rounded to two significant digits (the last is the whole file). */
export function defaultSizes(triples: number): number[] {
  return STEPS.map((f) => (f === 1 ? triples : Number((triples * f).toPrecision(2))));
}

interface Point {
  readonly size: number;
  readonly run: QueryRun;
}

export async function scaleSuite(dataset: Dataset, options: Options, ctx: RunContext): Promise<SuiteReport> {
  if (!options.sizes && dataset.triples === undefined) throw new Error('scale: give --sizes for a dataset of unknown size');
  const sizes = options.sizes ?? defaultSizes(dataset.triples!);
  const queries = readQueries(dataset.queriesDir, options.only);
  const points = new Map<EngineName, Point[]>(options.engines.map((e) => [e, []]));
  for (const size of sizes) {
    for (const engine of options.engines) {
      if (ctx.deadline.passed) break;
      process.stderr.write(`scale ${dataset.name}: ${engine} at ${size.toLocaleString('en-US')} triples\n`);
      points.get(engine)!.push({ size, run: await measureQueries(engine, prefixOf(dataset, size), queries, ctx) });
    }
  }
  const plot = options.write ? writePlot(dataset, points, options.out) : undefined;
  return { suite: 'scale', data: dataset.name, title: `Scale: ${dataset.name} prefixes, load rate and query time`, body: render(sizes, points, queries.length, plot) };
}

/** Sum of the query medians at one size, when every query answered. */
function totalMs(run: QueryRun): number | undefined {
  let total = 0;
  for (const outcome of run.queries.values()) {
    if (!outcome.ok) return undefined;
    total += outcome.value.ms.median;
  }
  return run.queries.size ? total : undefined;
}

function loadRate(run: QueryRun): number | undefined {
  return run.load.ok ? run.load.value.triplesPerSecond : undefined;
}

function render(sizes: readonly number[], points: ReadonlyMap<EngineName, Point[]>, queryCount: number, plot: string | undefined): string {
  const engines = [...points.keys()];
  const at = (engine: EngineName, size: number) => points.get(engine)!.find((p) => p.size === size)?.run;
  const cell = (engine: EngineName, size: number, figure: (run: QueryRun) => number | undefined) => {
    const run = at(engine, size);
    if (!run) return 'skipped (deadline)';
    const value = figure(run);
    if (value !== undefined) return fmt(value);
    if (!run.load.ok) return failureCell(run.load);
    const failed = [...run.queries.values()].find((o) => !o.ok);
    if (failed && !failed.ok) return failed.kind === 'unsupported' ? 'n/a (no SPARQL)' : failureCell(failed);
    return '—';
  };
  const peers = engines.filter((e) => e !== 'svc');
  const ratios = (size: number, figure: (run: QueryRun) => number | undefined) =>
    engines.includes('svc') ? peers.map((p) => ratio(figure(at('svc', size) ?? emptyRun), figure(at(p, size) ?? emptyRun))) : [];
  const ratioHeaders = (what: string) => (engines.includes('svc') ? peers.map((p) => `svc/${p} ${what}`) : []);
  return [
    '### Load rate (triples/s; svc/peer > 1: svc faster)',
    '',
    table(['triples', ...engines, ...ratioHeaders('t/s')], sizes.map((s) => [fmt(s), ...engines.map((e) => cell(e, s, loadRate)), ...ratios(s, loadRate)])),
    '',
    `### Query time: sum of the ${queryCount} query medians, ms (svc/peer < 1: svc faster)`,
    '',
    table(['triples', ...engines, ...ratioHeaders('ms')], sizes.map((s) => [fmt(s), ...engines.map((e) => cell(e, s, totalMs)), ...ratios(s, totalMs)])),
    '',
    'Each size is the first N triples of the file, loaded into a fresh process per engine; query protocol as in the query suite.',
    plot ? `\n![load rate and query time against data size](${plot})` : '',
  ].join('\n');
}

const emptyRun: QueryRun = { load: { ok: false, kind: 'error', message: 'not run' }, queries: new Map() };

/** Writes the two-panel plot beside the report file and returns its path relative to it. */
function writePlot(dataset: Dataset, points: ReadonlyMap<EngineName, Point[]>, out: string): string {
  const series = (figure: (run: QueryRun) => number | undefined): Series[] =>
    [...points].map(([name, ps]) => ({ name, points: ps.flatMap((p) => (figure(p.run) === undefined ? [] : [[p.size, figure(p.run)!] as const])) })).filter((s) => s.points.length > 0);
  const svg = renderCharts([
    { title: `Load rate, ${dataset.name} prefixes`, xLabel: 'triples loaded', yLabel: 'triples/s (higher is better)', series: series(loadRate) },
    { title: `Query time, ${dataset.name} prefixes`, xLabel: 'triples loaded', yLabel: 'sum of query medians, ms (lower is better)', series: series(totalMs) },
  ]);
  const file = join(dirname(out), 'tools/bench/plots', `scale-${dataset.name}.svg`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  return relative(dirname(out), file);
}
