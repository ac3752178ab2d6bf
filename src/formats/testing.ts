/**
 * Test support for the format tests (spec §4.15): a dataset that exercises
 * every corner the formats must carry, and helpers that write to a buffer and
 * parse from one in small chunks (so chunk boundaries split tokens and
 * multi-byte characters).
 */
import { blankNode, literal, namedNode, quad, type Quad, RDF_NS, XSD } from '../rdf/terms.ts';
import type { RdfFormat, RdfParseOptions, RdfWriteOptions } from './format.ts';

const ex = (local: string) => namedNode('http://example.org/' + local);

/** Long enough to cross the writers' 64 KiB chunks and many parse chunks. */
const LONG_TEXT = 'A long literal\nwith "quotes", tabs\tand newlines, line after line. ü😀\n'.repeat(1100);

/** Blank nodes, language tags, datatypes, escapes, non-ASCII and astral text, long literals, named graphs. */
export function richDataset(): Quad[] {
  const b1 = blankNode('b1');
  const b2 = blankNode('b2');
  const g2 = blankNode('g2');
  const defaults: Quad[] = [
    quad(ex('alice'), namedNode(RDF_NS + 'type'), ex('Person')),
    quad(ex('alice'), ex('name'), literal('Alice')),
    quad(ex('alice'), ex('name'), literal('Алиса', 'ru')),
    quad(ex('alice'), ex('nick'), literal('colour', 'en-gb')),
    quad(ex('alice'), ex('age'), literal('42', namedNode(XSD + 'integer'))),
    quad(ex('alice'), ex('born'), literal('1990-01-02T03:04:05Z', namedNode(XSD + 'dateTime'))),
    quad(ex('alice'), ex('custom'), literal('x y', ex('myDatatype'))),
    quad(ex('alice'), ex('empty'), literal('')),
    quad(ex('alice'), ex('escapes'), literal('quote " backslash \\ tab \t cr \r lf \n end')),
    quad(ex('alice'), ex('unicode'), literal('Ünïcödé ✓ 𝄞 😀 中文')),
    quad(ex('alice'), ex('long'), literal(LONG_TEXT)),
    quad(ex('alice'), ex('knows'), b1),
    quad(b1, ex('name'), literal('Bob', 'en')),
    quad(b1, ex('knows'), b2),
    quad(b2, ex('knows'), b1),
    quad(namedNode('http://example.org/ü/😀#frag'), ex('p'), ex('o')),
    quad(ex('alice'), ex('name'), literal('Alice again')),
  ];
  const named: Quad[] = [
    quad(ex('alice'), ex('inGraph'), literal('one'), ex('g1')),
    quad(b1, ex('inGraph'), literal('two', 'de'), ex('g1')),
    quad(ex('carol'), ex('inGraph'), b2, g2),
    quad(ex('alice'), ex('name'), literal('Alice'), ex('g1')),
  ];
  return [...defaults, ...named];
}

/** The default-graph part: what a triple-only format must carry. */
export function defaultGraphPart(quads: readonly Quad[]): Quad[] {
  return quads.filter((q) => q.graph.termType === 'DefaultGraph');
}

/** Everything the writer produced, as one buffer. */
export function writeQuads(format: RdfFormat, quads: readonly Quad[], options?: RdfWriteOptions): Buffer {
  const chunks: Buffer[] = [];
  const writer = format.writer!({ write: (c) => chunks.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c)) }, options);
  for (const q of quads) writer.quad(q);
  writer.end();
  return Buffer.concat(chunks);
}

/** `bytes` cut into chunks of `size` bytes (splitting multi-byte characters on purpose). */
export function* inChunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Parses `bytes` fed in chunks of `chunkSize` bytes. */
export async function parseQuads(format: RdfFormat, bytes: Uint8Array | string, options?: RdfParseOptions, chunkSize = 0): Promise<Quad[]> {
  const quads: Quad[] = [];
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  await format.parse(chunkSize > 0 ? inChunks(data, chunkSize) : [data], { quad: (q) => void quads.push(q) }, options);
  return quads;
}
