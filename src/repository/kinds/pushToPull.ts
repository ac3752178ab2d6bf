/**
 * Remote results as streams (spec §4.15 formats parse by pushing into a
 * handler; the repository API hands out batches the caller pulls): runs a
 * push parser over a byte source and yields what it emits in batches. When the
 * caller falls behind, the parser is held at its next input chunk, so a large
 * remote export never sits whole in memory.
 */
import type { ByteSource } from '../../formats/format.ts';
import { BATCH_SIZE } from './idPatterns.ts';

/** Items waiting for the consumer before the parser is held. */
const HIGH_WATER = 4 * BATCH_SIZE;

/** A push parser: reads `input`, calls `emit` per item, resolves at the end. */
export type PushParser<T> = (input: ByteSource, emit: (item: T) => void) => Promise<void>;

export class PushToPull<T> {
  private queue: T[] = [];
  private done = false;
  /** The consumer went away: stop reading input. */
  private stopped = false;
  private failure: unknown;
  private wakeConsumer: (() => void) | undefined;
  private wakeProducer: (() => void) | undefined;
  /** Resolves when the parser finished or failed. */
  readonly finished: Promise<void>;

  constructor(parse: PushParser<T>, input: ByteSource) {
    this.finished = parse(this.held(input), (item) => this.emit(item)).then(
      () => this.end(),
      (e: unknown) => this.end(e),
    );
  }

  /** The emitted items in batches, until the parser ends; its error, if any, is thrown here. */
  async *batches(): AsyncGenerator<readonly T[]> {
    try {
      for (;;) {
        if (this.queue.length > 0) {
          const batch = this.queue.splice(0, BATCH_SIZE);
          this.wakeProducer?.();
          yield batch;
          continue;
        }
        if (this.done) {
          if (this.failure !== undefined) throw this.failure;
          return;
        }
        await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
      }
    } finally {
      this.stopped = true;
      this.wakeProducer?.();
    }
  }

  private emit(item: T): void {
    this.queue.push(item);
    this.wake();
  }

  private end(failure?: unknown): void {
    this.done = true;
    this.failure = failure;
    this.wake();
  }

  private wake(): void {
    const wake = this.wakeConsumer;
    this.wakeConsumer = undefined;
    wake?.();
  }

  /** The input, paused between chunks while the consumer has a backlog. */
  private async *held(input: ByteSource): AsyncGenerator<Uint8Array | string> {
    for await (const chunk of input) {
      while (this.queue.length >= HIGH_WATER && !this.stopped) await new Promise<void>((resolve) => (this.wakeProducer = resolve));
      this.wakeProducer = undefined;
      if (this.stopped) return;
      yield chunk;
    }
  }
}
