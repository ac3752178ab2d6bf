/**
 * From the synchronous pipeline to the `QueryResult` async iterables (api.ts):
 * rows are pulled in batches of up to `BATCH_ROWS` or about `SLICE_MS` of
 * work; between batches, and whenever a leaf yields `PAUSE`, the event loop
 * gets a turn so timeouts fire and consumers apply backpressure.
 */
import { PAUSE, type ExecutionContext, type Row } from './context.ts';

const BATCH_ROWS = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function* batches<I, T>(
  ctx: ExecutionContext,
  rows: Iterable<I>,
  convert: (item: I) => T | undefined,
  before?: () => Promise<void>,
): AsyncIterable<T[]> {
  if (before) await before();
  ctx.resumed();
  const iterator = rows[Symbol.iterator]();
  try {
    let batch: T[] = [];
    for (;;) {
      const next = iterator.next();
      if (next.done) break;
      if ((next.value as unknown) === PAUSE || batch.length >= BATCH_ROWS) {
        if (batch.length > 0) yield batch;
        batch = [];
        await nextTurn();
        ctx.resumed();
        if ((next.value as unknown) === PAUSE) continue;
      }
      const item = convert(next.value);
      if (item !== undefined) batch.push(item);
    }
    if (batch.length > 0) yield batch;
  } finally {
    iterator.return?.();
  }
}

/** Drains rows synchronously (ASK, EXISTS-like uses): the first real row, or undefined. */
export function firstRow(ctx: ExecutionContext, rows: Iterable<Row>): Row | undefined {
  ctx.resumed();
  for (const row of rows) {
    if (row !== PAUSE) return row;
    ctx.resumed();
  }
  return undefined;
}
