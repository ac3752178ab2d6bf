import t from 'tap';
import { DataFactory } from 'n3';
import { MemoryValueStore, termOfKey, valueKey } from './values.ts';
import { DEFAULT_GRAPH } from './sail.ts';
import { blankNode, defaultGraph, literal, namedNode, quad, termKey, type GroundTerm } from '../rdf/terms.ts';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

/** Terms whose keys are easy to get wrong. */
const TRICKY: GroundTerm[] = [
  namedNode('http://ex.org/a'),
  namedNode(''),
  namedNode('_:looks-like-a-blank-node'),
  namedNode('"looks-like-a-literal"'),
  namedNode('<bracketed>'),
  namedNode('?var'),
  blankNode('b0'),
  literal(''),
  literal('say "hi"@en'),
  literal('ends with a quote"'),
  literal('tab\tnew\nline \\ back'),
  literal('chat', 'fr'),
  literal('1', namedNode(XSD + 'integer')),
  literal('x"^^<http://evil>', namedNode('http://ex.org/dt')),
  literal('日本語 𝄞'),
];

t.test('every term reads back equal from its key', async (t) => {
  for (const term of TRICKY) {
    const back = termOfKey(valueKey(term)!);
    t.ok(back.equals(term), `${termKey(term)} → ${termKey(back)}`);
  }
  t.equal(new Set(TRICKY.map(valueKey)).size, TRICKY.length, 'distinct terms, distinct keys');
});

t.test('terms from any factory get the same key; RDF-equal literals share one', async (t) => {
  const foreign = { termType: 'Literal', value: 'x', language: '', datatype: { termType: 'NamedNode', value: XSD + 'string' } };
  t.equal(valueKey(foreign as GroundTerm), valueKey(literal('x')));
  t.equal(valueKey(DataFactory.literal('chat', 'FR')), valueKey({ termType: 'Literal', value: 'chat', language: 'FR', datatype: namedNode('') } as never));
  t.equal(valueKey(quad(namedNode('a'), namedNode('b'), namedNode('c')) as never), undefined, 'no key for a quoted triple');
});

t.test('the dictionary hands out stable positive ids and decodes them', async (t) => {
  const values = new MemoryValueStore();
  const ids = TRICKY.map((term) => values.intern(term));
  t.ok(ids.every((id) => id > 0));
  t.same(TRICKY.map((term) => values.intern(term)), ids, 'interning again gives the same ids');
  t.same(TRICKY.map((term) => values.lookup(term)), ids);
  t.ok(TRICKY.every((term, i) => values.term(ids[i]!).equals(term)));
  t.equal(values.lookup(namedNode('http://ex.org/unknown')), undefined);
  t.equal(values.lookup(defaultGraph()), DEFAULT_GRAPH);
  t.ok(values.term(DEFAULT_GRAPH).equals(defaultGraph()));
  t.throws(() => values.term(9999), RangeError);
  const copy = new MemoryValueStore();
  copy.restore(values.keys());
  t.same(TRICKY.map((term) => copy.lookup(term)), ids, 'restore keeps the ids');
});
