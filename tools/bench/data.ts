/**
 * Benchmark datasets (shared/bench/SOURCE.md): LUBM(1), LUBM(10), BSBM 100k and
 * 1M as gzipped N-Triples, each with its query folder. The files are streamed
 * through zlib, never read whole: a source is a plain, serialisable description
 * (it crosses to worker processes), and the readers below turn it into bytes.
 */
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
/** `shared/` sits beside the repository (CI's clone and the developers' checkouts alike). */
export const SHARED_BENCH = process.env.SVC_BENCH_DATA ?? resolve(REPO_ROOT, '../shared/bench');

export interface DataSource {
  /** Label used in tables: `lubm10`, or `lubm10[:250000]` for a prefix. */
  readonly name: string;
  /** An N-Triples file, gzipped when it ends in `.gz`. */
  readonly path: string;
  /** Only the first `limit` triples (the scale suite's growing sizes). */
  readonly limit?: number;
}

export interface Dataset extends DataSource {
  /** Distinct triples in the full file (SOURCE.md), when known. */
  readonly triples?: number;
  readonly queriesDir: string;
}

const KNOWN = {
  lubm1: { file: 'lubm/lubm1.nt.gz', triples: 100_573, queries: 'lubm/queries' },
  lubm10: { file: 'lubm/lubm10.nt.gz', triples: 1_272_953, queries: 'lubm/queries' },
  bsbm100k: { file: 'bsbm/bsbm-100k.nt.gz', triples: 109_733, queries: 'bsbm/queries-100k' },
  bsbm1m: { file: 'bsbm/bsbm-1m.nt.gz', triples: 991_957, queries: 'bsbm/queries-1m' },
} as const;
export const DATASET_NAMES = Object.keys(KNOWN);

/**
 * A named dataset (`lubm10`) or any N-Triples file given as `path[.gz]`, whose
 * queries are then taken from `queriesDir` (the smoke test's tiny dataset).
 */
export function resolveDataset(spec: string, queriesDir?: string): Dataset {
  const known = (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN]>)[spec];
  const dataset: Dataset = known
    ? { name: spec, path: join(SHARED_BENCH, known.file), triples: known.triples, queriesDir: queriesDir ?? join(SHARED_BENCH, known.queries) }
    : { name: basename(spec).replace(/\.nt(\.gz)?$/, ''), path: resolve(spec), queriesDir: resolve(queriesDir ?? '.') };
  if (!existsSync(dataset.path)) {
    throw new Error(`dataset "${spec}": no file ${dataset.path} (known names: ${DATASET_NAMES.join(', ')}, or a path to .nt/.nt.gz)`);
  }
  return dataset;
}

export function prefixOf(dataset: Dataset, limit: number): DataSource {
  return { name: `${dataset.name}[:${limit}]`, path: dataset.path, limit };
}

export interface NamedQuery {
  readonly id: string;
  readonly sparql: string;
}

/** The `.rq` files of a query folder, in name order (q01 … q14). */
export function readQueries(dir: string, only?: readonly string[]): NamedQuery[] {
  if (!existsSync(dir)) throw new Error(`query folder ${dir} does not exist`);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.rq'))
    .sort()
    .map((f) => ({ id: f.replace(/\.rq$/, ''), sparql: readFileSync(join(dir, f), 'utf8') }))
    .filter((q) => !only || only.includes(q.id));
}

/** The decompressed bytes of a source, in whatever chunks zlib gives. */
function rawBytes(source: DataSource): AsyncIterable<Uint8Array> {
  const file = createReadStream(source.path, { highWaterMark: 1 << 20 });
  return source.path.endsWith('.gz') ? file.pipe(createGunzip({ chunkSize: 1 << 20 })) : file;
}

/**
 * The source as chunks that each end on a line break, so every chunk is a
 * complete N-Triples document on its own (N-Triples is line-based, §2): engines
 * whose loaders take whole documents get fed piece by piece. Honours `limit`.
 */
export async function* lineChunks(source: DataSource): AsyncGenerator<Uint8Array> {
  let remaining = source.limit ?? Infinity;
  let carry: Uint8Array = new Uint8Array(0);
  for await (const piece of rawBytes(source)) {
    const buf = carry.length ? concat(carry, piece) : piece;
    const lastBreak = buf.lastIndexOf(0x0a);
    if (lastBreak < 0) {
      carry = buf;
      continue;
    }
    carry = buf.subarray(lastBreak + 1);
    const whole = buf.subarray(0, lastBreak + 1);
    const cut = takeLines(whole, remaining);
    remaining -= cut.lines;
    if (cut.bytes.length) yield cut.bytes;
    if (remaining <= 0) return;
  }
  if (carry.length && remaining > 0) yield concat(carry, Uint8Array.of(0x0a));
}

/** The source as UTF-8 text chunks, each ending on a line break. */
export async function* textChunks(source: DataSource): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of lineChunks(source)) yield decoder.decode(chunk);
}

/** At most `max` lines from the start of a chunk of whole lines. */
function takeLines(chunk: Uint8Array, max: number): { bytes: Uint8Array; lines: number } {
  if (max === Infinity) return { bytes: chunk, lines: 0 };
  let lines = 0;
  let at = -1;
  while ((at = chunk.indexOf(0x0a, at + 1)) >= 0) {
    lines++;
    if (lines >= max) return { bytes: chunk.subarray(0, at + 1), lines };
  }
  return { bytes: chunk, lines };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
