/** The push-parser → pulled-batches bridge of the remote kinds: order, batching, backpressure, errors, early stop. */
import t from 'tap';
import type { ByteSource } from '../../formats/format.ts';
import { BATCH_SIZE } from './idPatterns.ts';
import { PushToPull } from './pushToPull.ts';

/** A "parser" emitting one number per byte of input, and counting the chunks it has read. */
function counting(): { read: () => number; parse: (input: ByteSource, emit: (n: number) => void) => Promise<void> } {
  let chunks = 0;
  return {
    read: () => chunks,
    parse: async (input, emit) => {
      for await (const chunk of input) {
        chunks++;
        for (const byte of chunk as Uint8Array) emit(byte);
      }
    },
  };
}

function* chunks(count: number, size: number): Iterable<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(i % 256);
}

t.test('every item arrives, in order, in batches of at most BATCH_SIZE', async (t) => {
  const parser = counting();
  const stream = new PushToPull(parser.parse, chunks(10, 1000));
  const items: number[] = [];
  for await (const batch of stream.batches()) {
    t.ok(batch.length <= BATCH_SIZE);
    items.push(...batch);
  }
  t.equal(items.length, 10_000);
  t.same(items.filter((_, i) => i % 1000 === 0), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

t.test('a consumer that falls behind holds the parser back', async (t) => {
  const parser = counting();
  const stream = new PushToPull(parser.parse, chunks(100, 1000));
  const batches = stream.batches();
  await batches.next();
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.ok(parser.read() < 10, `read ${parser.read()} of 100 chunks while the consumer waited`);
  let rest = 0;
  for await (const batch of batches) rest += batch.length;
  t.equal(parser.read(), 100, 'all read once the consumer pulls');
  t.ok(rest > 0);
});

t.test('a parser error reaches the consumer after the items before it', async (t) => {
  const stream = new PushToPull<number>(async (_input, emit) => {
    emit(1);
    throw new Error('bad input at line 2');
  }, []);
  const seen: number[] = [];
  await t.rejects(
    (async () => {
      for await (const batch of stream.batches()) seen.push(...batch);
    })(),
    { message: 'bad input at line 2' },
  );
  t.same(seen, [1]);
});

t.test('a consumer that stops early stops the reading', async (t) => {
  const parser = counting();
  const stream = new PushToPull(parser.parse, chunks(1000, 1000));
  for await (const batch of stream.batches()) {
    t.ok(batch.length > 0);
    break;
  }
  await stream.finished;
  t.ok(parser.read() < 1000, `stopped after ${parser.read()} chunks`);
});
