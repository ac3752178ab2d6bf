/**
 * The JSON-LD writer (spec §4.15 `application/ld+json`) as the JSON-LD 1.1 Serialize RDF as JSON-LD algorithm
 * (https://www.w3.org/TR/json-ld11-api/#serialize-rdf-as-json-ld-algorithm): `@type`, `@list`, `@json`,
 * `@graph`, and compaction with the given prefixes.
 */
import t from 'tap';
import { isomorphic } from 'rdf-isomorphic';
import { blankNode, literal, namedNode, quad, type Quad, RDF_NS, rdf } from '../../rdf/terms.ts';
import { ParseError } from '../format.ts';
import { rdfFormatFor } from '../registry.ts';
import { parseQuads, writeQuads } from '../testing.ts';

const jsonLd = rdfFormatFor('jsonld')!;
const ex = (local: string) => namedNode('http://example.org/' + local);
const RDF_JSON = namedNode(RDF_NS + 'JSON');

type Node = Record<string, unknown>;
const write = (quads: Quad[], prefixes?: Record<string, string>): unknown => JSON.parse(writeQuads(jsonLd, quads, { prefixes }).toString('utf8'));
const nodes = (quads: Quad[]): Node[] => write(quads) as Node[];
const byId = (list: Node[], id: string): Node | undefined => list.find((n) => n['@id'] === id);

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** The list `(items…)` as statements, with blank list nodes l0, l1, …, hanging from `s p`. */
function listQuads(s: Quad['subject'], p: Quad['predicate'], items: Quad['object'][]): Quad[] {
  const cells = items.map((_, i) => blankNode('l' + i));
  return [
    quad(s, p, cells[0] ?? rdf.nil),
    ...items.flatMap((item, i) => [quad(cells[i]!, rdf.first, item), quad(cells[i]!, rdf.rest, cells[i + 1] ?? rdf.nil)]),
  ];
}

t.test('rdf:type with an IRI or blank object is @type; with a literal object it stays a property', async (t) => {
  const out = nodes([quad(ex('s'), rdf.type, ex('C')), quad(ex('s'), rdf.type, blankNode('k')), quad(ex('s'), rdf.type, literal('L'))]);
  const s = byId(out, 'http://example.org/s')!;
  t.same(s['@type'], ['http://example.org/C', '_:k']);
  t.same(s[RDF_NS + 'type'], [{ '@value': 'L' }]);
});

t.test('a well-formed list becomes @list, and the list nodes are not written', async (t) => {
  const out = nodes(listQuads(ex('s'), ex('p'), [literal('a'), ex('b'), literal('c')]));
  t.equal(out.length, 1, 'only the subject is a top-level node');
  t.same(out[0]!['http://example.org/p'], [{ '@list': [{ '@value': 'a' }, { '@id': 'http://example.org/b' }, { '@value': 'c' }] }]);
});

t.test('rdf:nil as an object is the empty list', async (t) => {
  t.same(byId(nodes([quad(ex('s'), ex('p'), rdf.nil)]), 'http://example.org/s')!['http://example.org/p'], [{ '@list': [] }]);
});

t.test('a list node referenced twice, or with another property, is not folded', async (t) => {
  const shared = [...listQuads(ex('s'), ex('p'), [literal('a')]), quad(ex('t'), ex('p'), blankNode('l0'))];
  t.same(byId(nodes(shared), '_:l0')![RDF_NS + 'first'], [{ '@value': 'a' }], 'referenced twice: stays a node');
  const extra = [...listQuads(ex('s'), ex('p'), [literal('a')]), quad(blankNode('l0'), ex('q'), literal('x'))];
  t.ok(byId(nodes(extra), '_:l0'), 'extra property: stays a node');
});

t.test('rdf:JSON literals are @json values; an invalid one is a ParseError naming it', async (t) => {
  const out = nodes([quad(ex('s'), ex('p'), literal('{"a":[1,true,null]}', RDF_JSON))]);
  t.same(byId(out, 'http://example.org/s')!['http://example.org/p'], [{ '@value': { a: [1, true, null] }, '@type': '@json' }]);
  const error = catchError(() => writeQuads(jsonLd, [quad(ex('s'), ex('p'), literal('{not json', RDF_JSON))]));
  t.ok(error instanceof ParseError, 'a ParseError');
  t.match((error as Error).message, /invalid JSON literal "\{not json"/);
});

t.test('named graphs are node objects with @graph; a statement given twice is one value', async (t) => {
  const g = ex('g');
  const out = nodes([quad(ex('s'), ex('p'), literal('x'), g), quad(ex('s'), ex('p'), literal('x'), g), quad(ex('s'), ex('p'), literal('d'))]);
  t.same(byId(out, 'http://example.org/g'), { '@id': 'http://example.org/g', '@graph': [{ '@id': 'http://example.org/s', 'http://example.org/p': [{ '@value': 'x' }] }] });
  t.same(byId(out, 'http://example.org/s'), { '@id': 'http://example.org/s', 'http://example.org/p': [{ '@value': 'd' }] });
});

t.test('a blank list node that names a graph is kept, so its graph is not lost', async (t) => {
  const quads = [...listQuads(ex('s'), ex('p'), [literal('a')]), quad(ex('x'), ex('y'), literal('z'), blankNode('l0'))];
  t.ok(isomorphic(await parseQuads(jsonLd, writeQuads(jsonLd, quads)), quads));
});

t.test('with prefixes: a context, compact IRIs in ids, keys and types, and the same statements read back', async (t) => {
  const quads = [
    quad(ex('s'), rdf.type, ex('C')),
    quad(ex('s'), ex('n'), literal('5', namedNode('http://www.w3.org/2001/XMLSchema#integer'))),
    ...listQuads(ex('s'), ex('p'), [ex('a'), literal('b')]),
  ];
  const doc = write(quads, { ex: 'http://example.org/' }) as { '@context': unknown; '@graph': Node[] };
  t.same(doc['@context'], { ex: 'http://example.org/' });
  t.same(doc['@graph'][0], { '@id': 'ex:s', '@type': ['ex:C'], 'ex:n': [{ '@value': '5', '@type': 'http://www.w3.org/2001/XMLSchema#integer' }], 'ex:p': [{ '@list': [{ '@id': 'ex:a' }, { '@value': 'b' }] }] });
  t.ok(isomorphic(await parseQuads(jsonLd, writeQuads(jsonLd, quads, { prefixes: { ex: 'http://example.org/' } })), quads));
});

t.test('a namespace declared after the first statement still joins the context (output is written at end)', async (t) => {
  const chunks: string[] = [];
  const writer = jsonLd.writer!({ write: (c) => void chunks.push(String(c)) });
  writer.quad(quad(ex('s'), ex('p'), ex('o')));
  t.same(chunks, [], 'nothing is written before end()');
  writer.namespace('ex', 'http://example.org/');
  writer.end();
  t.same(JSON.parse(chunks.join('')), { '@context': { ex: 'http://example.org/' }, '@graph': [{ '@id': 'ex:s', 'ex:p': [{ '@id': 'ex:o' }] }] });
});
