/**
 * The binary results table against bytes laid out by hand from rdf4j-facts §7.4
 * (what RDF4J's BinaryQueryResultWriter emits), in both directions.
 */
import t from 'tap';
import { blankNode, literal, namedNode, type Term, termKey, XSD } from '../../rdf/terms.ts';
import type { Solution } from '../format.ts';
import { binaryResults, splitIri } from './binaryResults.ts';

const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const str = (s: string) => [...int32(Buffer.byteLength(s)), ...Buffer.from(s, 'utf8')];
const [NULL, REPEAT, NAMESPACE, QNAME, URI, BNODE, PLAIN, LANG, TYPED, EMPTY_ROW, , , END] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 126, 127];

const EX = 'http://example.org/';
const rows: Solution[] = [
  [namedNode(EX + 'a'), literal('chat', 'fr')],
  [namedNode(EX + 'a'), literal('42', namedNode(XSD + 'integer'))],
  [blankNode('b1'), undefined],
  [undefined, undefined],
  [blankNode('b1'), literal('plain')],
];

// As RDF4J writes it: IRIs as QNAMEs, namespaces declared on first use (a datatype's
// before the DATATYPE_LITERAL marker), xsd:string literals typed, REPEAT for equal values.
const EXPECTED = [
  ...Buffer.from('BRTR'), ...int32(4), ...int32(2), ...str('s'), ...str('o'),
  NAMESPACE, ...int32(0), ...str(EX), QNAME, ...int32(0), ...str('a'), LANG, ...str('chat'), ...str('fr'),
  REPEAT, NAMESPACE, ...int32(1), ...str(XSD), TYPED, ...str('42'), QNAME, ...int32(1), ...str('integer'),
  BNODE, ...str('b1'), NULL,
  EMPTY_ROW,
  REPEAT, TYPED, ...str('plain'), QNAME, ...int32(1), ...str('string'),
  END,
];

const keys = (solutions: readonly Solution[]) => solutions.map((r) => r.map((v: Term | undefined) => (v ? termKey(v) : null)));

t.test('writes the RDF4J layout byte for byte', async (t) => {
  const chunks: Buffer[] = [];
  const writer = binaryResults.writer!({ write: (c) => void chunks.push(Buffer.from(c)) }, ['s', 'o']);
  for (const row of rows) writer.solution(row);
  writer.end();
  t.same([...Buffer.concat(chunks)], EXPECTED);
});

t.test('reads it back, one byte at a time too', async (t) => {
  for (const size of [0, 1]) {
    const bytes = Buffer.from(EXPECTED);
    const input = size ? [...bytes].map((b) => Buffer.from([b])) : [bytes];
    const read: Solution[] = [];
    let variables: readonly string[] = [];
    await binaryResults.parse!(input, { variables: (v) => void (variables = v), solution: (r) => void read.push([...r]) });
    t.same(variables, ['s', 'o']);
    const expected = rows.map((r) => (r[1]?.termType === 'Literal' && r[1].value === 'plain' ? [r[0], literal('plain', namedNode(XSD + 'string'))] : r));
    t.same(keys(read), keys(expected));
  }
});

t.test('reads the older layouts: full URI records, plain literals, v2 flags byte', async (t) => {
  const bytes = Buffer.from([
    ...Buffer.from('BRTR'), ...int32(2), 0x00, ...int32(1), ...str('x'),
    URI, ...str(EX + 'u'), PLAIN, ...str('p'), END,
  ]);
  const read: Solution[] = [];
  await binaryResults.parse!([bytes], { variables: () => undefined, solution: (r) => void read.push([...r]) });
  t.same(keys(read), [['<http://example.org/u>'], ['"p"']]);
});

t.test('splits IRIs as RDF4J does: after #, else /, else :', async (t) => {
  t.same(splitIri('http://x/a#b'), ['http://x/a#', 'b']);
  t.same(splitIri('http://x/a/b'), ['http://x/a/', 'b']);
  t.same(splitIri('urn:isbn:123'), ['urn:isbn:', '123']);
});
