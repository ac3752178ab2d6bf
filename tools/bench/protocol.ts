/**
 * Messages between the harness and its engine workers (`worker.ts`): one
 * request, one reply, in order.
 */
import type { DataSource } from './data.ts';
import type { EngineName } from './engine.ts';

export type Request =
  | { op: 'open'; engine: EngineName; scratchDir: string; timeoutMs: number }
  | { op: 'load'; source: DataSource }
  | { op: 'query'; sparql: string }
  | { op: 'close' };

export interface MemoryFigures {
  /** Resident set size now, bytes. */
  rss: number;
  /** Highest resident set size so far, bytes. */
  peakRss: number;
  heapUsed?: number;
  /** Memory outside the V8 heap (WASM linear memory shows here). */
  external?: number;
}

export interface LoadReply {
  ok: true;
  triples: number;
  ms: number;
  before: MemoryFigures;
  after: MemoryFigures;
}

export type Failure = { ok: false; kind: 'unavailable' | 'unsupported' | 'error' | 'timeout'; message: string };

export type Reply = { ok: true } | LoadReply | { ok: true; count: number; ms: number } | Failure;
