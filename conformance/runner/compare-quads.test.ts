import t from 'tap';
import { blankNode, literal, namedNode, quad } from '../../src/rdf/terms.ts';
import { assertIsomorphic, quadDiff, sortedNQuads } from './compare-quads.ts';
import { TestFailure } from './registry.ts';

const p = namedNode('http://example.org/p');
const g = namedNode('http://example.org/g');

t.test('sorted N-Quads lines include the graph', async (t) => {
  t.same(sortedNQuads([quad(blankNode('z'), p, literal('b'), g), quad(namedNode('http://a'), p, literal('a'))]), [
    '<http://a> <http://example.org/p> "a" .',
    '_:z <http://example.org/p> "b" <http://example.org/g> .',
  ]);
});

t.test('isomorphic datasets pass whatever their blank-node labels', async (t) => {
  t.doesNotThrow(() => assertIsomorphic([quad(blankNode('a'), p, blankNode('b'))], [quad(blankNode('x'), p, blankNode('y'))]));
});

t.test('different datasets throw a TestFailure whose diff shows both sides', async (t) => {
  const expected = [quad(blankNode('a'), p, literal('1')), quad(blankNode('a'), p, literal('2'))];
  const actual = [quad(blankNode('x'), p, literal('1')), quad(blankNode('x'), p, literal('3'), g)];
  t.equal(quadDiff(expected, actual), '- _:a <http://example.org/p> "2" .\n+ _:x <http://example.org/p> "3" <http://example.org/g> .');
  t.throws(() => assertIsomorphic(expected, actual), TestFailure);
});

t.test('same lines but differently connected blank nodes still fail, with both datasets listed', async (t) => {
  const expected = [quad(blankNode('a'), p, blankNode('a'))];
  const actual = [quad(blankNode('x'), p, blankNode('y'))];
  try {
    assertIsomorphic(expected, actual);
    t.fail('should throw');
  } catch (error) {
    t.match(error, { diff: /connected differently[\s\S]*expected:[\s\S]*actual:/ });
  }
});
