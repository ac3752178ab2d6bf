/**
 * The child side of an engine run: one worker process per engine, so each
 * engine's memory is its own (peak RSS, bytes per triple) and a runaway query
 * can be stopped by killing the process. Commands arrive over IPC
 * (`protocol.ts`); times are taken here, next to the engine.
 */
import { readFileSync } from 'node:fs';
import { engineFactory, EngineUnavailable, OperationUnsupported, type Engine } from './engine.ts';
import type { LoadReply, MemoryFigures, Reply, Request } from './protocol.ts';

let engine: Engine | undefined;

process.on('message', (request: Request) => {
  void handle(request).then(
    (reply) => process.send?.(reply),
    (error: unknown) => process.send?.(failure(error)),
  );
});
// The harness is gone: nothing will ever stop us otherwise.
process.on('disconnect', () => process.exit(0));

async function handle(request: Request): Promise<Reply> {
  switch (request.op) {
    case 'open':
      engine = await (await engineFactory(request.engine))({ scratchDir: request.scratchDir, timeoutMs: request.timeoutMs });
      return { ok: true };
    case 'load':
      return load(request.source);
    case 'query': {
      const started = performance.now();
      const count = await opened().query(request.sparql);
      return { ok: true, count, ms: performance.now() - started };
    }
    case 'close':
      await engine?.close();
      setImmediate(() => process.exit(0));
      return { ok: true };
  }
}

async function load(source: Parameters<Engine['load']>[0]): Promise<LoadReply> {
  const target = opened();
  const before = memory(target);
  const started = performance.now();
  const triples = await target.load(source);
  const ms = performance.now() - started;
  return { ok: true, triples, ms, before, after: memory(target) };
}

/** Memory of the process holding the data, after full GCs when that is us. */
function memory(target: Engine): MemoryFigures {
  if (target.dataPid !== undefined) return procStatus(target.dataPid);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss, peakRss: process.resourceUsage().maxRSS * 1024, heapUsed: usage.heapUsed, external: usage.external };
}

/** Linux's view of another process: VmRSS now and VmHWM, its peak. */
function procStatus(pid: number): MemoryFigures {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
}

function opened(): Engine {
  if (!engine) throw new Error('engine not opened');
  return engine;
}

function failure(error: unknown): Reply {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof EngineUnavailable) return { ok: false, kind: 'unavailable', message };
  if (error instanceof OperationUnsupported) return { ok: false, kind: 'unsupported', message };
  return { ok: false, kind: 'error', message: message.split('\n')[0]!.slice(0, 300) };
}
