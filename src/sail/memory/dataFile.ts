/**
 * The MemoryStore's data file (spec §2.3 `config:mem.persist`): the whole
 * store — values, namespaces, statements — as one compact binary file.
 *
 * Layout, all integers unsigned 32-bit little-endian:
 *
 *   offset  size       field
 *   0       4          magic "SVCM" (53 56 43 4D)
 *   4       4          format version (FORMAT_VERSION = 1)
 *   8       4          V: number of values
 *   12      4          N: number of namespaces
 *   16      4          Q: number of statements
 *   20      4          reserved, 0
 *   24      …          V values, id 1 … V in order: u32 byte length, then the value key in UTF-8
 *                      (only values some statement uses, renumbered densely from 1)
 *                      (value keys are defined in `../values.ts`: IRI, `_:label`, `"lexical"suffix`)
 *           …          N namespaces: u32 length, prefix UTF-8, u32 length, IRI UTF-8
 *           0–3        zero padding to a multiple of 4
 *           16·Q       statements: s, p, o, g ids (g = 0: the default graph)
 *           Q          one flags byte per statement: bit 0 = inferred
 *           4          end magic "MCVS" (4D 43 56 53)
 *
 * A reader refuses a file whose magic or version it does not know, naming both
 * versions, and leaves it untouched (no silent upgrade, no overwrite); a file
 * that ends early or lacks the end magic is reported as truncated.
 *
 * Crash safety: the file is written whole under a temporary name, fsynced,
 * renamed over the old one, and the directory fsynced. A crash at any moment
 * leaves either the old file or the new one; a leftover temporary file is
 * ignored and removed at the next open.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SailError } from '../errors.ts';
import type { QuadTable } from './quadTable.ts';

export const FORMAT_VERSION = 1;
const MAGIC = 0x4d435653; // "SVCM" read as a little-endian u32
const END_MAGIC = 0x5356434d; // "MCVS"
const HEADER_BYTES = 24;
const CHUNK_BYTES = 1 << 22;

/** What a data file holds, as the store hands it over for writing. */
export interface DataFileContents {
  /** Value keys of ids 1 … n, in order. */
  readonly keys: readonly string[];
  readonly namespaces: ReadonlyMap<string, string>;
  /** The statement rows and the version whose visible rows are written. */
  readonly table: Pick<QuadTable, 'cols' | 'flags' | 'since' | 'until' | 'length'>;
  readonly version: number;
}

/** What a read returns: statements as ids, four per statement, with their flags. */
export interface DataFileRead {
  readonly keys: string[];
  readonly namespaces: Map<string, string>;
  readonly quads: Uint32Array;
  readonly flags: Uint8Array;
}

/** Writes the file crash-safely (temporary file, fsync, rename, fsync of the directory). */
export async function writeDataFile(path: string, contents: DataFileContents): Promise<void> {
  const temporary = path + '.tmp';
  const file = await open(temporary, 'w');
  try {
    await writeContents(new ChunkWriter(file), contents);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Reads a data file; undefined when there is none. Removes a temporary file left by a crash. */
export async function readDataFile(path: string): Promise<DataFileRead | undefined> {
  await rm(path + '.tmp', { force: true });
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return decode(buffer, path);
}

/**
 * Writes the statements visible at `version` and only the values they use,
 * renumbered densely in id order: values of removed statements and of
 * rolled-back transactions are dropped here, so a restart reclaims them.
 */
async function writeContents(out: ChunkWriter, { keys, namespaces, table, version }: DataFileContents): Promise<void> {
  const cols = table.cols;
  const rows: number[] = [];
  // newId[id]: the id written for `id`, 0 = unused (the default graph stays 0).
  const newId = new Uint32Array(keys.length + 1);
  for (let row = 0; row < table.length; row++) {
    if (table.since[row] > version || version >= table.until[row]) continue;
    rows.push(row);
    for (const col of cols) newId[col[row]] = 1;
  }
  newId[0] = 0;
  let used = 0;
  for (let id = 1; id < newId.length; id++) if (newId[id]) newId[id] = ++used;
  for (const n of [MAGIC, FORMAT_VERSION, used, namespaces.size, rows.length, 0]) out.u32(n);
  for (let id = 1; id < newId.length; id++) {
    if (!newId[id]) continue;
    out.string(keys[id - 1]);
    if ((newId[id] & 0xffff) === 0) await out.drain();
  }
  for (const [prefix, iri] of namespaces) {
    out.string(prefix);
    out.string(iri);
  }
  out.align();
  for (let i = 0; i < rows.length; i++) {
    for (const col of cols) out.u32(newId[col[rows[i]]]);
    if ((i & 0xffff) === 0) await out.drain();
  }
  for (const row of rows) out.u8(table.flags[row]);
  out.u32(END_MAGIC);
  await out.end();
}

function decode(buffer: Buffer, path: string): DataFileRead {
  const fail = (problem: string) => new SailError(`MemoryStore data file ${path}: ${problem}`);
  if (buffer.length < HEADER_BYTES) throw fail('truncated (no header)');
  if (buffer.readUInt32LE(0) !== MAGIC) throw fail('not a MemoryStore data file (bad magic number)');
  const version = buffer.readUInt32LE(4);
  if (version !== FORMAT_VERSION) throw fail(`format version ${version}; this build reads version ${FORMAT_VERSION} only`);
  const [valueCount, namespaceCount, quadCount] = [8, 12, 16].map((at) => buffer.readUInt32LE(at)) as [number, number, number];
  let at = HEADER_BYTES;
  const string = (): string => {
    if (at + 4 > buffer.length) throw fail('truncated');
    const length = buffer.readUInt32LE(at);
    const end = at + 4 + length;
    if (end > buffer.length) throw fail('truncated');
    const s = buffer.toString('utf8', at + 4, end);
    at = end;
    return s;
  };
  const keys: string[] = new Array(valueCount);
  for (let i = 0; i < valueCount; i++) keys[i] = string();
  const namespaces = new Map<string, string>();
  for (let i = 0; i < namespaceCount; i++) namespaces.set(string(), string());
  at = (at + 3) & ~3;
  const end = at + quadCount * 17;
  if (end + 4 > buffer.length || buffer.readUInt32LE(end) !== END_MAGIC) throw fail('truncated (no end marker)');
  const quads = new Uint32Array(quadCount * 4);
  for (let i = 0; i < quads.length; i++) quads[i] = buffer.readUInt32LE(at + 4 * i);
  const flags = Uint8Array.from(buffer.subarray(at + quadCount * 16, end));
  return { keys, namespaces, quads, flags };
}

/** Buffers small writes into large chunks; `drain` hands the full chunks to the file. */
class ChunkWriter {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private full: Buffer[] = [];
  /** Bytes written so far (file offset of the next byte). */
  private offset = 0;

  constructor(private readonly file: { write(b: Buffer, offset: number, length: number): Promise<unknown> }) {}

  u32(n: number): void {
    this.room(4);
    this.chunk.writeUInt32LE(n, this.used);
    this.advance(4);
  }

  u8(n: number): void {
    this.room(1);
    this.chunk[this.used] = n;
    this.advance(1);
  }

  /** A u32 byte length, then the UTF-8 bytes. */
  string(s: string): void {
    this.room(4 + 3 * s.length);
    const length = this.chunk.write(s, this.used + 4, 'utf8');
    this.chunk.writeUInt32LE(length, this.used);
    this.advance(4 + length);
  }

  /** Pads with zeros to a multiple of 4 bytes from the file's start. */
  align(): void {
    while (this.offset % 4 !== 0) this.u8(0);
  }

  async drain(): Promise<void> {
    for (const chunk of this.full) await this.file.write(chunk, 0, chunk.length);
    this.full = [];
  }

  async end(): Promise<void> {
    this.full.push(this.chunk.subarray(0, this.used));
    this.used = 0;
    await this.drain();
  }

  private room(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return;
    this.full.push(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.used = 0;
  }

  private advance(bytes: number): void {
    this.used += bytes;
    this.offset += bytes;
  }
}
