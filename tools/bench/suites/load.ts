/**
 * `load` suite: triples/s, peak RSS and bytes per triple after load, each
 * engine alone in its own process so its memory is its own.
 */
import type { Dataset } from '../data.ts';
import type { EngineName } from '../engine.ts';
import { failureCell, measureLoad, type LoadFigures, type Outcome, type RunContext } from '../measure.ts';
import { fmt, fmtBytes, ratio, table, type SuiteReport } from '../report.ts';
import { summarize } from '../stats.ts';

export async function loadSuite(dataset: Dataset, engines: readonly EngineName[], rounds: number, ctx: RunContext): Promise<SuiteReport> {
  const results = new Map<EngineName, Outcome<LoadFigures>>();
  for (const engine of engines) {
    process.stderr.write(`load ${dataset.name}: ${engine}\n`);
    results.set(engine, await loadRounds(engine, dataset, rounds, ctx));
  }
  return { suite: 'load', data: dataset.name, title: `Load: ${dataset.name} N-Triples`, body: render(results, rounds) };
}

/** `rounds` loads in fresh processes; the median round by rate is kept, peak RSS is the highest seen. */
async function loadRounds(engine: EngineName, dataset: Dataset, rounds: number, ctx: RunContext): Promise<Outcome<LoadFigures>> {
  const figures: LoadFigures[] = [];
  for (let i = 0; i < rounds; i++) {
    const outcome = await measureLoad(engine, dataset, ctx);
    if (!outcome.ok) return outcome;
    figures.push(outcome.value);
  }
  const median = summarize(figures.map((f) => f.triplesPerSecond)).median;
  const closest = figures.reduce((a, b) => (Math.abs(b.triplesPerSecond - median) < Math.abs(a.triplesPerSecond - median) ? b : a));
  return { ok: true, value: { ...closest, triplesPerSecond: median, peakRss: Math.max(...figures.map((f) => f.peakRss)) } };
}

function render(results: ReadonlyMap<EngineName, Outcome<LoadFigures>>, rounds: number): string {
  const svc = results.get('svc');
  const svcFigures = svc?.ok ? svc.value : undefined;
  const rows = [...results].map(([engine, outcome]) => {
    if (!outcome.ok) return [engine, failureCell(outcome), '', '', '', '', '', ''];
    const f = outcome.value;
    return [
      engine,
      fmt(f.triples),
      fmt(f.seconds),
      fmt(f.triplesPerSecond),
      fmtBytes(f.peakRss),
      fmt(f.bytesPerTriple),
      engine === 'svc' ? '' : ratio(svcFigures?.triplesPerSecond, f.triplesPerSecond),
      engine === 'svc' ? '' : ratio(svcFigures?.bytesPerTriple, f.bytesPerTriple),
    ];
  });
  const headers = ['engine', 'triples', 'load s', 'triples/s', 'peak RSS', 'bytes/triple after load', 'svc/engine triples/s (>1: svc faster)', 'svc/engine bytes/triple (<1: svc smaller)'];
  return [
    table(headers, rows),
    '',
    `${rounds === 1 ? 'One load' : `${rounds} loads (median rate)`} per engine, each in a fresh process reading the gzipped file as a stream (decompression is part of the time).`,
    'Peak RSS and bytes/triple are those of the process holding the data (the JVM or server for jena-*, virtuoso, svc-http);',
    'bytes/triple = (RSS after load and two full GCs − RSS before load) / triples. Ratios compare svc in process with each engine.',
    'How each engine loads: svc = svc\'s N-Triples parser into the MemoryStore in one transaction; svc-http = one streamed `POST /statements`;',
    'oxigraph = `store.load` per chunk of whole lines; n3 and comunica = `N3.Parser` into an N3.Store; quadstore = `N3.Parser` + `multiPut` of 5,000;',
    'jena-mem / jena-tdb2 = `RDFParser` in one write transaction (not `tdb2.tdbloader`), fed through a FIFO; virtuoso = file written out, then `ld_dir` + `rdf_loader_run()` + `checkpoint`.',
  ].join('\n');
}
