/**
 * The measurement protocol, shared by the load, query and scale suites
 * (perf-anchors.md §a–b): every engine in a fresh worker process; a load is
 * timed from the first byte to the engine's last triple; each query gets one
 * warm-up run, then `runs` timed runs (5 by default), results fully
 * consumed. A query that times out kills the worker; the engine is
 * restarted and reloaded for the next query while the deadline allows.
 */
import type { DataSource, NamedQuery } from './data.ts';
import type { EngineName } from './engine.ts';
import { Deadline, EngineProcess } from './isolate.ts';
import type { Failure, LoadReply } from './protocol.ts';
import { summarize, type Summary } from './stats.ts';

export interface RunContext {
  readonly runs: number;
  readonly timeoutMs: number;
  readonly deadline: Deadline;
}

export interface LoadFigures {
  readonly triples: number;
  readonly seconds: number;
  readonly triplesPerSecond: number;
  readonly peakRss: number;
  /** (RSS after load and GC − RSS before load) / triples. */
  readonly bytesPerTriple: number;
}

export interface QueryFigures {
  readonly count: number;
  readonly ms: Summary;
}

export type Outcome<T> = { ok: true; value: T } | Failure;

export function loadFigures(reply: LoadReply): LoadFigures {
  return {
    triples: reply.triples,
    seconds: reply.ms / 1000,
    triplesPerSecond: reply.triples / (reply.ms / 1000),
    peakRss: reply.after.peakRss,
    bytesPerTriple: (reply.after.rss - reply.before.rss) / reply.triples,
  };
}

/** One fresh process, one load, closed again. */
export async function measureLoad(engine: EngineName, source: DataSource, ctx: RunContext): Promise<Outcome<LoadFigures>> {
  const started = await EngineProcess.start(engine, ctx.timeoutMs, ctx.deadline);
  if (!(started instanceof EngineProcess)) return started;
  try {
    const reply = await started.load(source);
    return reply.ok ? { ok: true, value: loadFigures(reply) } : reply;
  } finally {
    await started.close();
  }
}

export interface QueryRun {
  readonly load: Outcome<LoadFigures>;
  readonly queries: ReadonlyMap<string, Outcome<QueryFigures>>;
}

/** Loads once, then times every query; figures or the reason there are none. */
export async function measureQueries(engine: EngineName, source: DataSource, queries: readonly NamedQuery[], ctx: RunContext): Promise<QueryRun> {
  const results = new Map<string, Outcome<QueryFigures>>();
  let session = await startLoaded(engine, source, ctx);
  const load = session.load;
  for (const query of queries) {
    if (!session.process) {
      results.set(query.id, session.failure);
      continue;
    }
    const outcome = await timeQuery(session.process, query.sparql, ctx);
    results.set(query.id, outcome);
    if (!outcome.ok && outcome.kind === 'unsupported') {
      // The engine cannot answer SPARQL at all: the same for every query.
      await session.process.close();
      session = { process: undefined, load: session.load, failure: outcome };
      continue;
    }
    if (!outcome.ok && outcome.kind === 'timeout' && !ctx.deadline.passed) {
      process.stderr.write(`  ${engine}: ${query.id} ${outcome.message}; restarting the engine\n`);
      session = await startLoaded(engine, source, ctx);
    }
  }
  await session.process?.close();
  return { load, queries: results };
}

/** A loaded engine ready for queries, or the reason there is none. */
type Session = { process: EngineProcess; load: Outcome<LoadFigures> } | { process: undefined; load: Outcome<LoadFigures>; failure: Failure };

async function startLoaded(engine: EngineName, source: DataSource, ctx: RunContext): Promise<Session> {
  const started = await EngineProcess.start(engine, ctx.timeoutMs, ctx.deadline);
  if (!(started instanceof EngineProcess)) return { process: undefined, load: started, failure: started };
  const reply = await started.load(source);
  if (!reply.ok) {
    await started.close();
    return { process: undefined, load: reply, failure: { ...reply, message: `load failed: ${reply.message}` } };
  }
  return { process: started, load: { ok: true, value: loadFigures(reply) } };
}

async function timeQuery(engine: EngineProcess, sparql: string, ctx: RunContext): Promise<Outcome<QueryFigures>> {
  const warmUp = await engine.query(sparql, ctx.timeoutMs);
  if (!warmUp.ok) return warmUp;
  const times: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const run = await engine.query(sparql, ctx.timeoutMs);
    if (!run.ok) return run;
    if (run.count !== warmUp.count) return { ok: false, kind: 'error', message: `count changed between runs (${warmUp.count} then ${run.count})` };
    times.push(run.ms);
  }
  return { ok: true, value: { count: warmUp.count, ms: summarize(times) } };
}

/** The text a table cell shows for an engine that produced no figure. */
export function failureCell(failure: Failure): string {
  switch (failure.kind) {
    case 'unavailable':
    case 'unsupported':
      return failure.message;
    case 'timeout':
      return `timeout (${failure.message})`;
    case 'error':
      return `error: ${failure.message}`;
  }
}
