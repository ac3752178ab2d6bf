/**
 * Byte plumbing every format of spec §4.15 shares: reading a `ByteSource` as
 * UTF-8 text or bytes chunk by chunk, and the output buffers writers fill
 * before handing ~64 KiB chunks to the sink.
 */
import type { ByteSink, ByteSource } from './format.ts';

/** Writers hand the sink chunks of about this size (in UTF-16 units for text, bytes for binary). */
export const CHUNK_SIZE = 64 * 1024;

const encoder = new TextEncoder();

/** The input as byte chunks, in order; strings are encoded as UTF-8. */
export async function* byteChunks(input: ByteSource): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/**
 * The input as UTF-8 text chunks. A character split across two byte chunks is
 * held back until its end arrives; a leading byte-order mark is dropped.
 */
export async function* textChunks(input: ByteSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of input) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}

/** The whole input as one string, for the formats whose parser needs the complete document. */
export async function readAllText(input: ByteSource): Promise<string> {
  const parts: string[] = [];
  for await (const text of textChunks(input)) parts.push(text);
  return parts.join('');
}

/**
 * Collects a writer's small pieces of text and passes them to the sink in
 * chunks of about `CHUNK_SIZE`, so the sink sees few large writes.
 */
export class TextBuffer {
  private text = '';

  constructor(private readonly sink: ByteSink) {}

  push(piece: string): void {
    this.text += piece;
    if (this.text.length >= CHUNK_SIZE) this.flush();
  }

  flush(): void {
    if (this.text.length === 0) return;
    this.sink.write(this.text);
    this.text = '';
  }
}

/**
 * A growable byte buffer for the binary formats: big-endian integers, LEB128
 * varints and UTF-8 strings written in place, flushed to the sink in chunks.
 */
export class ByteBuffer {
  private buf = Buffer.allocUnsafe(CHUNK_SIZE * 2);
  private pos = 0;

  constructor(private readonly sink: ByteSink) {}

  private reserve(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  byte(value: number): void {
    this.reserve(1);
    this.buf[this.pos++] = value;
  }

  bytes(value: Uint8Array): void {
    this.reserve(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
  }

  int32(value: number): void {
    this.reserve(4);
    this.buf.writeInt32BE(value, this.pos);
    this.pos += 4;
  }

  /** Unsigned varint: 7 bits per byte, low group first, high bit = more follows. */
  varint(value: number): void {
    this.reserve(5);
    while (value >= 0x80) {
      this.buf[this.pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buf[this.pos++] = value;
  }

  /** UTF-8 bytes of `value`, no length. */
  utf8(value: string): void {
    this.reserve(value.length * 3);
    this.pos += this.buf.write(value, this.pos, 'utf8');
  }

  /** UTF-8 bytes of `value` preceded by their length, as a varint or an int32. */
  string(value: string, length: 'varint' | 'int32'): void {
    const bytes = Buffer.byteLength(value, 'utf8');
    if (length === 'varint') this.varint(bytes);
    else this.int32(bytes);
    this.reserve(bytes);
    this.pos += this.buf.write(value, this.pos, bytes, 'utf8');
  }

  /** Passes the bytes to the sink once a chunk is full; `force` flushes whatever is there. */
  flush(force = false): void {
    if (this.pos === 0 || (!force && this.pos < CHUNK_SIZE)) return;
    this.sink.write(Buffer.from(this.buf.subarray(0, this.pos)));
    this.pos = 0;
  }
}

/**
 * A cursor over binary input that arrives in chunks. Reads throw `Underflow`
 * when the bytes are not there yet; the parser then rewinds to the start of
 * the record it was reading (`mark`) and retries once enough bytes arrived:
 * until then chunks are only collected, so a large record split into many
 * small chunks is copied once, not once per chunk.
 */
export class ByteReader {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  private markPos = 0;
  /** Bytes consumed before `buf[0]`, for error offsets. */
  private base = 0;
  /** Bytes the last failed read lacked, and the chunks collected towards them. */
  private shortfall = 0;
  private waiting: Uint8Array[] = [];
  private waitingBytes = 0;

  /** Adds a chunk; false while the record being read still cannot be complete (no need to retry yet). */
  append(chunk: Uint8Array): boolean {
    this.waiting.push(chunk);
    this.waitingBytes += chunk.byteLength;
    if (this.waitingBytes < this.shortfall) return false;
    const rest = this.buf.subarray(this.markPos);
    this.base += this.markPos;
    const only = this.waiting.length === 1 && rest.length === 0 ? this.waiting[0]! : undefined;
    this.buf = only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength) : Buffer.concat([rest, ...this.waiting]);
    this.pos -= this.markPos;
    this.markPos = 0;
    this.waiting = [];
    this.waitingBytes = 0;
    this.shortfall = 0;
    return true;
  }

  mark(): void {
    this.markPos = this.pos;
  }

  rewind(): void {
    this.pos = this.markPos;
  }

  get offset(): number {
    return this.base + this.pos;
  }

  get exhausted(): boolean {
    return this.pos >= this.buf.length;
  }

  need(bytes: number): void {
    if (this.pos + bytes > this.buf.length) {
      this.shortfall = this.pos + bytes - this.buf.length;
      throw UNDERFLOW;
    }
  }

  byte(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  int32(): number {
    this.need(4);
    const value = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return value;
  }

  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
      shift += 7;
    }
  }

  slice(bytes: number): Buffer {
    this.need(bytes);
    const out = this.buf.subarray(this.pos, this.pos + bytes);
    this.pos += bytes;
    return out;
  }

  utf8(bytes: number): string {
    this.need(bytes);
    const out = this.buf.toString('utf8', this.pos, this.pos + bytes);
    this.pos += bytes;
    return out;
  }
}

/** Thrown by `ByteReader` when a record continues past the bytes received so far. */
export class Underflow extends Error {
  override readonly name = 'Underflow';
}

/**
 * Reads the records now buffered, resuming where the last call stopped: each
 * record is read from a mark, and one cut off by the end of the buffer
 * (Underflow) is rewound and read again when more bytes arrive. True once
 * `record` reports the end of the data. Shared by the binary formats.
 */
export function readBufferedRecords(reader: ByteReader, record: () => boolean): boolean {
  try {
    for (;;) {
      reader.mark();
      if (record()) return true;
    }
  } catch (e) {
    if (!(e instanceof Underflow)) throw e;
    reader.rewind();
    return false;
  }
}
const UNDERFLOW = new Underflow('more input needed');

/**
 * Calls `onLine` for every line of the text input (without its LF or CRLF),
 * synchronously per chunk, so line formats pay one await per chunk, not per line.
 */
export async function forEachLine(input: ByteSource, onLine: (line: string, lineNumber: number) => void): Promise<void> {
  // The unfinished last line, in pieces: only new chunks are searched for a break.
  let pending: string[] = [];
  let lineNumber = 0;
  for await (const text of textChunks(input)) {
    let end = text.indexOf('\n');
    if (end < 0) {
      pending.push(text);
      continue;
    }
    pending.push(text.slice(0, end));
    let start = end + 1;
    let line = pending.join('');
    for (;;) {
      onLine(line.endsWith('\r') ? line.slice(0, -1) : line, ++lineNumber);
      end = text.indexOf('\n', start);
      if (end < 0) break;
      line = text.slice(start, end);
      start = end + 1;
    }
    pending = start < text.length ? [text.slice(start)] : [];
  }
  const rest = pending.join('');
  if (rest.length > 0) onLine(rest.endsWith('\r') ? rest.slice(0, -1) : rest, ++lineNumber);
}
