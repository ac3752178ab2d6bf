/**
 * `query` suite: every query of the dataset on every engine: median, min and
 * max of the timed runs and the result count. Counts must agree across
 * engines; a count that differs from the majority is flagged with ⚠.
 */
import { readQueries, type Dataset } from '../data.ts';
import type { EngineName } from '../engine.ts';
import { failureCell, measureQueries, type QueryFigures, type QueryRun, type RunContext } from '../measure.ts';
import { fmt, ratio, table, type SuiteReport } from '../report.ts';
import { consensus } from '../stats.ts';

export async function querySuite(dataset: Dataset, engines: readonly EngineName[], only: readonly string[] | undefined, ctx: RunContext): Promise<SuiteReport> {
  const queries = readQueries(dataset.queriesDir, only);
  const runs = new Map<EngineName, QueryRun>();
  for (const engine of engines) {
    process.stderr.write(`query ${dataset.name}: ${engine}\n`);
    runs.set(engine, await measureQueries(engine, dataset, queries, ctx));
  }
  const describes = queries.filter((q) => /^\s*DESCRIBE\b/im.test(q.sparql)).map((q) => q.id);
  const body = renderQueryTable(queries.map((q) => q.id), runs, ctx.runs, describes);
  return { suite: 'query', data: dataset.name, title: `Query: ${dataset.name}, ${queries.length} queries`, body };
}

/** One row per query; engines with no figure at all are listed under the table instead of as a column. */
export function renderQueryTable(ids: readonly string[], runs: ReadonlyMap<EngineName, QueryRun>, timedRuns: number, describes: readonly string[] = []): string {
  const measured = [...runs].filter(([, run]) => [...run.queries.values()].some((o) => o.ok)).map(([e]) => e);
  const absent = [...runs].filter(([e]) => !measured.includes(e));
  const peers = measured.filter((e) => e !== 'svc');
  const hasSvc = measured.includes('svc');
  const headers = ['query', 'rows', ...measured.map((e) => `${e} ms`), ...(hasSvc ? peers.map((p) => `svc/${p}`) : [])];
  const rows = ids.map((id) => {
    const figures = (e: EngineName): QueryFigures | undefined => {
      const o = runs.get(e)!.queries.get(id);
      return o?.ok ? o.value : undefined;
    };
    const agreed = consensus(measured.map(figures).filter((f) => f !== undefined).map((f) => f.count));
    const cells = measured.map((e) => {
      const o = runs.get(e)!.queries.get(id)!;
      if (!o.ok) return failureCell(o);
      const { ms, count } = o.value;
      const flag = count === agreed ? '' : ` ⚠ ${fmt(count)} rows`;
      return `${fmt(ms.median)} (${fmt(ms.min)}–${fmt(ms.max)})${flag}`;
    });
    const ratios = hasSvc ? peers.map((p) => ratio(figures('svc')?.ms.median, figures(p)?.ms.median)) : [];
    return [id, agreed === undefined ? '—' : fmt(agreed), ...cells, ...ratios];
  });
  const disagreements = rows.filter((r) => r.some((c) => c.includes('⚠'))).length;
  const notes = [
    table(headers, rows),
    '',
    `Median ms (min–max) of ${timedRuns} timed runs after one warm-up; load time excluded, results fully consumed.`,
    `"rows" is the count most engines agree on; ${disagreements === 0 ? 'every engine that answered agreed on every count.' : `⚠ marks a different count (${disagreements} ${disagreements === 1 ? 'query' : 'queries'}).`}`,
    ...(describes.length ? [`DESCRIBE output is implementation-defined (SPARQL 1.1 Query §16.4), so the counts of ${describes.join(', ')} may differ between engines without either being wrong.`] : []),
    hasSvc ? 'svc/peer = svc median ÷ peer median: below 1 means svc is faster.' : 'svc/peer ratios: none, svc produced no figure in this run.',
    ...loadNotes(runs),
    ...absent.map(([e, run]) => `- ${e}: ${reason(run)}`),
  ];
  return notes.join('\n');
}

function loadNotes(runs: ReadonlyMap<EngineName, QueryRun>): string[] {
  const loads = [...runs].flatMap(([e, r]) => (r.load.ok ? [`${e} ${fmt(r.load.value.seconds)} s`] : []));
  return loads.length ? [`Load before the queries (not in the figures): ${loads.join(', ')}.`, ''] : [''];
}

function reason(run: QueryRun): string {
  const first = [...run.queries.values()][0];
  if (!run.load.ok) return failureCell(run.load);
  return first && !first.ok ? failureCell(first) : 'no figure';
}
