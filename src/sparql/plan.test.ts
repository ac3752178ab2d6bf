/**
 * The planner's choices on a store whose estimates we dictate: the most
 * selective pattern drives, filters run as soon as their variables are bound,
 * fully bound patterns become checks, and what cannot take substituted
 * bindings is hash-joined on the variables both sides surely bind.
 */
import t from 'tap';
import { namedNode, type Term } from '../rdf/terms.ts';
import type { IdQuad, QuadPattern, QuadSource } from '../sail/sail.ts';
import { parseQuery } from './parse.ts';
import { Planner, type PlanNode } from './plan.ts';

/** Predicates a:p1…a:p9 with ids 1…9; `estimate` is the count given per predicate, 0 for anything unknown. */
function sourceWith(counts: Record<string, number>): QuadSource {
  const ids = new Map(Object.keys(counts).map((name, i) => [`a:${name}`, i + 1]));
  const byId = new Map([...ids].map(([iri, id]) => [id, counts[iri.slice(2)]!]));
  return {
    values: {
      lookup: (term: Term) => ids.get(term.value),
      intern: () => { throw new Error('the planner never interns'); },
      term: (id) => namedNode([...ids].find(([, i]) => i === id)![0]),
    },
    match: (): Iterable<IdQuad> => [],
    estimate: (pattern: QuadPattern) => (pattern.p === undefined ? 1000 : byId.get(pattern.p) ?? 0),
    contexts: () => [],
    size: () => 0,
  };
}

const plan = (text: string, counts: Record<string, number>): PlanNode => {
  const query = parseQuery(text);
  const root = query.where.type === 'project' ? query.where.input : query.where;
  return new Planner({ source: sourceWith(counts) }).plan(root);
};

const predicateOf = (step: PlanNode) => (step.type === 'pattern' ? step.pattern.predicate.value : step.type);

t.test('the most selective pattern drives, then connected patterns', async (t) => {
  const node = plan('SELECT * { ?x <a:big> ?y . ?x <a:small> ?z . ?y <a:mid> ?w }', { big: 500, small: 3, mid: 50 });
  if (node.type !== 'join') throw new Error('join expected');
  t.same(node.steps.map(predicateOf), ['a:small', 'a:big', 'a:mid']);
});

t.test('a pattern whose variables are all bound is a check', async (t) => {
  const node = plan('SELECT * { ?x <a:p1> ?y . ?x <a:p2> ?y }', { p1: 10, p2: 100 });
  if (node.type !== 'join') throw new Error('join expected');
  t.same(node.steps.map((s) => s.type === 'pattern' && s.check), [false, true]);
});

t.test('a filter conjunct runs right after the step that binds its variables', async (t) => {
  const node = plan('SELECT * { ?x <a:p1> ?y . ?y <a:p2> ?z FILTER(?y > 1 && ?z > 2) }', { p1: 10, p2: 100 });
  if (node.type !== 'join') throw new Error('join expected');
  t.same(node.filters.map((f) => f.length), [1, 1]);
  t.same(node.finalFilters, []);
});

t.test('a subquery after a pattern is hash-joined on the shared variable', async (t) => {
  const node = plan('SELECT * { ?x <a:p1> ?y { SELECT ?x (COUNT(*) AS ?n) { ?x <a:p2> ?z } GROUP BY ?x } }', { p1: 10, p2: 100 });
  if (node.type !== 'join') throw new Error('join expected');
  t.match(node.steps[1], { type: 'hash', keys: ['x'] });
});

t.test('an unknown constant makes its pattern free: it proves the join empty first', async (t) => {
  const node = plan('SELECT * { ?x <a:p1> ?y . ?y <a:nowhere> ?z }', { p1: 10 });
  if (node.type !== 'join') throw new Error('join expected');
  t.equal(predicateOf(node.steps[0]!), 'a:nowhere');
});
