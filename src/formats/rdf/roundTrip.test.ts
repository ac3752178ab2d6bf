/**
 * Round trips through every RDF format of spec §4.15: write the rich dataset,
 * parse it back (whole, and in 7-byte chunks), and require an isomorphic result.
 * Triple-only formats carry the default-graph part.
 */
import t from 'tap';
import { isomorphic } from 'rdf-isomorphic';
import { RDF_FORMATS } from '../registry.ts';
import { defaultGraphPart, parseQuads, richDataset, writeQuads } from '../testing.ts';

const PREFIXES = { ex: 'http://example.org/', xsd: 'http://www.w3.org/2001/XMLSchema#' };
const CHUNK_SIZES = [0, 7];

let cases = 0;
for (const format of RDF_FORMATS) {
  t.test(format.name, async (t) => {
    const expected = format.supportsContexts ? richDataset() : defaultGraphPart(richDataset());
    for (const prefixes of [undefined, PREFIXES]) {
      const bytes = writeQuads(format, expected, { prefixes });
      for (const chunkSize of CHUNK_SIZES) {
        const actual = await parseQuads(format, bytes, {}, chunkSize);
        cases++;
        t.equal(actual.length, expected.length, `${chunkSize ? `${chunkSize}-byte chunks` : 'whole'}, prefixes: ${!!prefixes}: count`);
        t.ok(isomorphic(actual, expected), `isomorphic (${chunkSize ? `${chunkSize}-byte chunks` : 'whole'}, prefixes: ${!!prefixes})`);
      }
    }
  });
}

t.teardown(() => console.log(`# RDF round-trip cases: ${cases}`));

t.test('namespaces declared on the writer (twice for one prefix) keep every format readable', async (t) => {
  for (const format of RDF_FORMATS) {
    const expected = format.supportsContexts ? richDataset() : defaultGraphPart(richDataset());
    const chunks: Buffer[] = [];
    const writer = format.writer!({ write: (c) => void chunks.push(Buffer.from(c)) }, { prefixes: { ex: 'http://other.example/' } });
    writer.namespace('ex', 'http://wrong.example/');
    writer.namespace('ex', 'http://example.org/');
    writer.namespace('rdf', 'http://www.w3.org/1999/02/22-rdf-syntax-ns#');
    for (const q of expected) writer.quad(q);
    writer.end();
    cases++;
    t.ok(isomorphic(await parseQuads(format, Buffer.concat(chunks)), expected), format.name);
  }
});

t.test('blank-node labels no syntax can spell (from TriX or JSON-LD) still round-trip in every format', async (t) => {
  const { blankNode, namedNode, quad } = await import('../../rdf/terms.ts');
  const p = namedNode('http://example.org/p');
  const odd = [blankNode('a b'), blankNode('x.'), blankNode('-y'), blankNode('ü:ö')];
  const quads = odd.flatMap((b, i) => [quad(b, p, odd[(i + 1) % odd.length]!), quad(namedNode('http://example.org/s'), p, b)]);
  for (const format of RDF_FORMATS) {
    cases++;
    t.ok(isomorphic(await parseQuads(format, writeQuads(format, quads)), quads), format.name);
  }
});
