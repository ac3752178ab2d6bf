/**
 * Binary RDF against bytes built by hand from the layout in rdf4j-facts §7.3,
 * so the format is wire-compatible with RDF4J, not only self-consistent.
 */
import t from 'tap';
import { blankNode, literal, namedNode, quad, type Quad, termKey, XSD } from '../../rdf/terms.ts';
import { ParseError } from '../format.ts';
import { parseQuads, writeQuads } from '../testing.ts';
import { binaryRdf } from './binaryRdf.ts';

const EX = 'http://example.org/';

// v2 encoding: unsigned varints, strings as varint byte length + UTF-8.
function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}
const str2 = (s: string) => [...varint(Buffer.byteLength(s)), ...Buffer.from(s, 'utf8')];

// v1 encoding: int32 big-endian, strings as int32 UTF-16 unit count + UTF-16BE.
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const str1 = (s: string) => [...int32(s.length), ...Buffer.from(s, 'utf16le').swap16()];

const MAGIC = [0x42, 0x52, 0x44, 0x46]; // "BRDF"
const [NAMESPACE_DECL, STATEMENT, COMMENT, VALUE_DECL, END] = [0, 1, 2, 3, 127];
const [NULL, URI, BNODE, PLAIN, LANG, TYPED, REF] = [0, 1, 2, 3, 4, 5, 6];

const expected: Quad[] = [
  quad(namedNode(EX + 's'), namedNode(EX + 'p'), literal('chat', 'fr')),
  quad(namedNode(EX + 's'), namedNode(EX + 'p'), literal('42', namedNode(XSD + 'integer')), namedNode(EX + 'g')),
  quad(blankNode('node1'), namedNode(EX + 'p'), literal('é😀')),
];

function v2Document(): Buffer {
  return Buffer.from([
    ...MAGIC, ...int32(2), ...str2('UTF-8'),
    NAMESPACE_DECL, ...str2('ex'), ...str2(EX),
    COMMENT, ...str2('a comment'),
    VALUE_DECL, ...varint(300), URI, ...str2(EX + 's'), // id 300 needs a two-byte varint
    STATEMENT, REF, ...varint(300), URI, ...str2(EX + 'p'), LANG, ...str2('chat'), ...str2('fr'), NULL,
    STATEMENT, REF, ...varint(300), URI, ...str2(EX + 'p'), TYPED, ...str2('42'), ...str2(XSD + 'integer'), URI, ...str2(EX + 'g'),
    STATEMENT, BNODE, ...str2('node1'), URI, ...str2(EX + 'p'), PLAIN, ...str2('é😀'), NULL,
    END,
  ]);
}

function v1Document(): Buffer {
  return Buffer.from([
    ...MAGIC, ...int32(1),
    NAMESPACE_DECL, ...str1('ex'), ...str1(EX),
    VALUE_DECL, ...int32(7), URI, ...str1(EX + 's'),
    STATEMENT, REF, ...int32(7), URI, ...str1(EX + 'p'), LANG, ...str1('chat'), ...str1('fr'), NULL,
    STATEMENT, REF, ...int32(7), URI, ...str1(EX + 'p'), TYPED, ...str1('42'), ...str1(XSD + 'integer'), URI, ...str1(EX + 'g'),
    STATEMENT, BNODE, ...str1('node1'), URI, ...str1(EX + 'p'), PLAIN, ...str1('é😀'), NULL,
    END,
  ]);
}

const keys = (quads: Quad[]) => quads.map((q) => [q.subject, q.predicate, q.object, q.graph].map(termKey).join(' '));

for (const [version, build] of [['v2', v2Document], ['v1', v1Document]] as const) {
  t.test(`reads a hand-built ${version} document`, async (t) => {
    const namespaces: [string, string][] = [];
    for (const chunkSize of [0, 1, 3]) {
      const quads: Quad[] = [];
      const bytes = build();
      const chunks = chunkSize ? [...Array(Math.ceil(bytes.length / chunkSize)).keys()].map((i) => bytes.subarray(i * chunkSize, (i + 1) * chunkSize)) : [bytes];
      await binaryRdf.parse(chunks, { quad: (q) => void quads.push(q), namespace: (p, i) => void namespaces.push([p, i]) }, { preserveBNodeIds: true });
      t.same(keys(quads), keys(expected), `chunks of ${chunkSize || 'all'} bytes`);
    }
    t.same(namespaces[0], ['ex', EX]);
  });
}

t.test('writes version 2 with the UTF-8 charset header, values declared before use', async (t) => {
  const bytes = writeQuads(binaryRdf, [quad(namedNode(EX + 's'), namedNode(EX + 'p'), literal('x'))]);
  t.same(
    [...bytes],
    [
      ...MAGIC, ...int32(2), ...str2('UTF-8'),
      VALUE_DECL, 0, URI, ...str2(EX + 's'),
      VALUE_DECL, 1, URI, ...str2(EX + 'p'),
      STATEMENT, REF, 0, REF, 1, PLAIN, ...str2('x'), NULL,
      END,
    ],
  );
});

t.test('malformed input throws ParseError', async (t) => {
  const cases: [string, Buffer, RegExp][] = [
    ['bad magic', Buffer.from('BRDX\0\0\0\x02'), /no "BRDF" header/],
    ['unknown version', Buffer.from([...MAGIC, ...int32(9)]), /unsupported format version 9/],
    ['unknown charset', Buffer.from([...MAGIC, ...int32(2), ...str2('EBCDIC'), END]), /unsupported charset/],
    ['truncated', v2Document().subarray(0, 40), /unexpected end of input/],
    ['undeclared reference', Buffer.from([...MAGIC, ...int32(2), ...str2('UTF-8'), STATEMENT, REF, 5]), /undeclared value id 5/],
    ['literal subject', Buffer.from([...MAGIC, ...int32(2), ...str2('UTF-8'), STATEMENT, PLAIN, ...str2('x'), URI, ...str2(EX), PLAIN, ...str2('y'), NULL, END]), /invalid subject/],
    ['unknown record', Buffer.from([...MAGIC, ...int32(2), ...str2('UTF-8'), 9]), /invalid record type 9/],
    ['empty', Buffer.alloc(0), /unexpected end of input in the header/],
  ];
  for (const [name, bytes, message] of cases) {
    await t.rejects(parseQuads(binaryRdf, bytes), message, name);
    await t.rejects(parseQuads(binaryRdf, bytes), ParseError, name);
  }
});

t.test('prefixes given to the writer become NAMESPACE_DECL records the parser reports', async (t) => {
  const bytes = writeQuads(binaryRdf, [], { prefixes: { ex: EX } });
  t.same([...bytes], [...MAGIC, ...int32(2), ...str2('UTF-8'), NAMESPACE_DECL, ...str2('ex'), ...str2(EX), END]);
  const namespaces: [string, string][] = [];
  await binaryRdf.parse([bytes], { quad: () => undefined, namespace: (p, i) => void namespaces.push([p, i]) });
  t.same(namespaces, [['ex', EX]]);
});
