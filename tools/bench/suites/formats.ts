/**
 * `formats` suite: parse and serialize throughput of svc's N-Triples, Turtle
 * and Binary RDF formats (from the registry, `rdfFormatFor`) against N3.js's
 * own parser and writer, on one dataset. The dataset is first unpacked to a
 * scratch N-Triples file, and Turtle and Binary RDF copies are written from it,
 * so every parser reads the same bytes from disk (page cache) without zlib.
 * Writers write every triple into a sink that only counts bytes.
 */
import { createReadStream, createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import N3 from 'n3';
import type { RdfFormat } from '../../../src/formats/format.ts';
import type { Quad } from '../../../src/rdf/terms.ts';
import { removeFolder, trackFolder } from '../cleanup.ts';
import { lineChunks, type Dataset } from '../data.ts';
import { svcFormat } from '../engines/svc.ts';
import type { RunContext } from '../measure.ts';
import type { Options } from '../options.ts';
import { fmt, ratio, table, type SuiteReport } from '../report.ts';
import { summarize } from '../stats.ts';

const FORMATS = [
  { key: 'nt', name: 'N-Triples', n3: 'N-Triples' },
  { key: 'ttl', name: 'Turtle', n3: 'Turtle' },
  { key: 'brf', name: 'Binary RDF', n3: undefined },
] as const;
type FormatKey = (typeof FORMATS)[number]['key'];

/** Prefixes both Turtle writers get, so their output is comparable (LUBM's and BSBM's main namespaces). */
const PREFIXES: Record<string, string> = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  ub: 'http://swat.cse.lehigh.edu/onto/univ-bench.owl#',
  bsbm: 'http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/',
};

interface Throughput {
  readonly triples: number;
  readonly bytes: number;
  readonly seconds: number;
}

type Cell = { ok: true; value: Throughput } | { ok: false; reason: string };

export async function formatsSuite(dataset: Dataset, options: Options, _ctx: RunContext): Promise<SuiteReport> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-formats-'));
  trackFolder(dir);
  try {
    const { files, quads } = await prepareFiles(dataset, dir);
    const rows: string[][] = [];
    for (const format of FORMATS) {
      const svc = await attempt(() => svcFormat(format.key));
      const file = files[format.key];
      const svcParse = svc.ok && file ? await rounds(options.rounds, () => svcParseFile(svc.value, file)) : skipped(svc, file);
      const n3Parse_ = format.n3 && file ? await rounds(options.rounds, async () => timed(await n3ParseCount(file, format.n3!), statSync(file).size)) : none();
      const svcWrite = svc.ok ? await rounds(options.rounds, () => svcSerialize(svc.value, quads)) : svc;
      const n3Write = format.n3 ? await rounds(options.rounds, () => n3Serialize(format.n3!, quads)) : none();
      rows.push(row(format.name, 'parse', svcParse, n3Parse_), row(format.name, 'serialize', svcWrite, n3Write));
    }
    return { suite: 'formats', data: dataset.name, title: `Formats: parse and serialize, ${dataset.name} (${fmt(quads.length)} triples)`, body: render(rows, options.rounds) };
  } finally {
    removeFolder(dir);
  }
}

function none(): Cell {
  return { ok: false, reason: 'n/a (N3.js has no such format)' };
}

function skipped(svc: Cell | { ok: false; reason: string } | { ok: true }, file: string | undefined): Cell {
  if (!svc.ok) return svc;
  return { ok: false, reason: file ? 'n/a' : 'no input file (svc has no writer for it)' };
}

async function attempt<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, reason: `svc: ${(error as Error).message}` };
  }
}

/** `n` measurements, the median by time kept; a failure is reported instead. */
async function rounds(n: number, measure: () => Promise<Throughput>): Promise<Cell> {
  const results: Throughput[] = [];
  try {
    for (let i = 0; i < n; i++) results.push(await measure());
  } catch (error) {
    return { ok: false, reason: `error: ${(error as Error).message.split('\n')[0]}` };
  }
  const median = summarize(results.map((r) => r.seconds)).median;
  return { ok: true, value: { ...results[0]!, seconds: median } };
}

function timed(result: { triples: number; seconds: number }, bytes: number): Throughput {
  return { ...result, bytes };
}

/** The dataset unpacked to N-Triples, plus Turtle (N3.js writer) and Binary RDF (svc's writer, when it has one). */
async function prepareFiles(dataset: Dataset, dir: string): Promise<{ files: Record<FormatKey, string | undefined>; quads: Quad[] }> {
  process.stderr.write(`formats: unpacking ${dataset.name}\n`);
  const nt = join(dir, 'data.nt');
  const out = createWriteStream(nt);
  for await (const chunk of lineChunks(dataset)) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
  const list = await n3Parse(nt, 'N-Triples');
  const ttl = join(dir, 'data.ttl');
  await writeFile(ttl, (sink) => n3Write('Turtle', list, sink));
  const binary = await attempt(() => svcFormat('brf'));
  const brf = binary.ok && binary.value.writer ? join(dir, 'data.brf') : undefined;
  if (brf && binary.ok) await writeFile(brf, (sink) => svcWrite(binary.value, list, sink));
  return { files: { nt, ttl, brf }, quads: list };
}

async function writeFile(path: string, write: (sink: { write(chunk: string | Uint8Array): unknown }) => void): Promise<void> {
  const out = createWriteStream(path);
  write({ write: (chunk) => out.write(chunk) });
  out.end();
  await once(out, 'close');
}

async function n3Parse(path: string, format: string): Promise<Quad[]> {
  const list: Quad[] = [];
  const parser = new N3.StreamParser({ format });
  createReadStream(path).pipe(parser);
  for await (const quad of parser) list.push(quad as Quad);
  return list;
}

async function n3ParseCount(path: string, format: string): Promise<{ triples: number; seconds: number }> {
  const started = performance.now();
  let triples = 0;
  const parser = new N3.StreamParser({ format });
  createReadStream(path, { highWaterMark: 1 << 20 }).pipe(parser);
  for await (const _ of parser) triples++;
  return { triples, seconds: (performance.now() - started) / 1000 };
}

async function svcParseFile(format: RdfFormat, path: string): Promise<Throughput> {
  const started = performance.now();
  let triples = 0;
  await format.parse(createReadStream(path, { highWaterMark: 1 << 20 }), { quad: () => void triples++ });
  return { triples, bytes: statSync(path).size, seconds: (performance.now() - started) / 1000 };
}

function countingSink(): { sink: { write(chunk: string | Uint8Array): boolean }; bytes(): number } {
  let bytes = 0;
  return { sink: { write: (chunk) => ((bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length), true) }, bytes: () => bytes };
}

function svcWrite(format: RdfFormat, quads: readonly Quad[], sink: { write(chunk: string | Uint8Array): unknown }): void {
  const writer = format.writer!(sink, { prefixes: PREFIXES });
  for (const quad of quads) writer.quad(quad);
  writer.end();
}

function n3Write(format: string, quads: readonly Quad[], sink: { write(chunk: string | Uint8Array): unknown }): void {
  const stream = { write: (chunk: string, _encoding?: unknown, done?: () => void) => (sink.write(chunk), done?.(), true), end: (done?: () => void) => done?.() };
  const writer = new N3.Writer(stream as unknown as NodeJS.WritableStream, { format, prefixes: PREFIXES });
  for (const quad of quads) writer.addQuad(quad);
  writer.end();
}

async function svcSerialize(format: RdfFormat, quads: readonly Quad[]): Promise<Throughput> {
  if (!format.writer) throw new Error(`${format.name} has no writer in svc`);
  const counter = countingSink();
  const started = performance.now();
  svcWrite(format, quads, counter.sink);
  return { triples: quads.length, bytes: counter.bytes(), seconds: (performance.now() - started) / 1000 };
}

async function n3Serialize(format: string, quads: readonly Quad[]): Promise<Throughput> {
  const counter = countingSink();
  const started = performance.now();
  n3Write(format, quads, counter.sink);
  return { triples: quads.length, bytes: counter.bytes(), seconds: (performance.now() - started) / 1000 };
}

function row(format: string, operation: string, svc: Cell, n3: Cell): string[] {
  const figures = (c: Cell) => (c.ok ? [fmt(c.value.triples / c.value.seconds), fmt(c.value.bytes / c.value.seconds / 2 ** 20)] : [c.reason, '']);
  const rate = (c: Cell) => (c.ok ? c.value.triples / c.value.seconds : undefined);
  return [`${format} ${operation}`, ...figures(svc), ...figures(n3), ratio(rate(svc), rate(n3))];
}

function render(rows: string[][], rounds: number): string {
  return [
    table(['format, operation', 'svc triples/s', 'svc MiB/s', 'N3.js triples/s', 'N3.js MiB/s', 'svc/N3.js triples/s (>1: svc faster)'], rows),
    '',
    `${rounds === 1 ? 'One run' : `Median of ${rounds} runs`} per cell, in the harness process. Parsers read an uncompressed file (the Turtle copy is N3.js's output with rdf, rdfs, ub and bsbm prefixes;`,
    "the Binary RDF copy is svc's); writers serialize the parsed triples from memory into a byte-counting sink. MiB/s counts the serialized size of each format.",
  ].join('\n');
}
