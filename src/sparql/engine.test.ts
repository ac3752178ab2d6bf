/**
 * The engine end to end over a MemoryStore: dataset defaults (decisions.md),
 * planning visible in `explain`, initial bindings, §4.3 overlays, streaming
 * and cancellation, and computed terms that never reach the store.
 */
import t from 'tap';
import { MemoryStore } from '../sail/memory/store.ts';
import { literal, namedNode, quad, type Quad, type Term } from '../rdf/terms.ts';
import { QueryTimeoutError, type EvaluationOptions, type QueryResult } from './api.ts';
import { prepareQuery } from './engine.ts';

const ex = (local: string) => namedNode('http://ex/' + local);

async function storeWith(quads: readonly Quad[]) {
  const store = new MemoryStore();
  await store.init();
  const connection = store.connection();
  connection.begin();
  for (const q of quads) connection.addStatement(q);
  await connection.commit();
  return store.connection();
}

async function rows(result: QueryResult): Promise<Record<string, string>[]> {
  if (result.kind !== 'bindings') throw new Error(`expected bindings, got ${result.kind}`);
  const out: Record<string, string>[] = [];
  for await (const batch of result.solutions) {
    for (const solution of batch) {
      const row: Record<string, string> = {};
      solution.forEach((term: Term | undefined, i) => {
        if (term) row[result.variables[i]!] = term.value;
      });
      out.push(row);
    }
  }
  return out;
}

const select = async (source: Awaited<ReturnType<typeof storeWith>>, text: string, options?: EvaluationOptions) =>
  rows(prepareQuery(text).evaluate(source, options));

const data = [
  quad(ex('a'), ex('knows'), ex('b')),
  quad(ex('b'), ex('knows'), ex('c')),
  quad(ex('c'), ex('knows'), ex('a')),
  quad(ex('a'), ex('name'), literal('Alice')),
  quad(ex('x'), ex('knows'), ex('y'), ex('g1')),
  quad(ex('a'), ex('knows'), ex('b'), ex('g1')),
];

t.test('without a dataset the default graph is the union of all graphs, each triple once', async (t) => {
  const source = await storeWith(data);
  const found = await select(source, 'SELECT ?s ?o { ?s <http://ex/knows> ?o }');
  t.equal(found.length, 4, 'a→b is held twice but reported once');
  const graphs = await select(source, 'SELECT DISTINCT ?g { GRAPH ?g { ?s ?p ?o } }');
  t.same(graphs, [{ g: 'http://ex/g1' }]);
});

t.test('a protocol dataset replaces the default: the unnamed graph alone', async (t) => {
  const source = await storeWith(data);
  const { defaultGraph } = await import('../rdf/terms.ts');
  const found = await select(source, 'SELECT ?s { ?s <http://ex/knows> ?o }', { dataset: { defaultGraphs: [defaultGraph()], namedGraphs: [] } });
  t.equal(found.length, 3);
});

t.test('the plan starts from the most selective pattern', async (t) => {
  const source = await storeWith(data);
  const plan = prepareQuery('SELECT * { ?s <http://ex/knows> ?o . ?o <http://ex/name> "Alice" }').explain(source) as {
    input: { steps: { pattern: { predicate: string } }[] };
  };
  t.equal(plan.input.steps[0]!.pattern.predicate, '<http://ex/name>');
});

t.test('initial bindings constrain the pattern, even unprojected variables', async (t) => {
  const source = await storeWith(data);
  const found = await select(source, 'SELECT ?s { ?s <http://ex/knows> ?o }', { bindings: new Map([['o', ex('c')]]) });
  t.same(found, [{ s: 'http://ex/b' }]);
});

t.test('overlays: offset adds to the query, limit only lowers it, distinct', async (t) => {
  const source = await storeWith(data);
  const q = 'SELECT ?s { ?s ?p ?o } ORDER BY ?s OFFSET 1 LIMIT 3';
  t.equal((await select(source, q, { limit: 10 })).length, 3);
  t.equal((await select(source, q, { limit: 1 })).length, 1);
  t.same(await select(source, q, { offset: 1, limit: 1 }), (await select(source, q)).slice(1, 2));
  t.equal((await select(source, 'SELECT ?s { ?s ?p ?o }', { distinct: true })).length, 4);
});

t.test('ORDER BY under a LIMIT keeps the same first rows as a full sort, ties in input order', async (t) => {
  const many: Quad[] = [];
  for (let i = 0; i < 200; i++) many.push(quad(ex(`s${i}`), ex('p'), literal(String(i % 7))));
  const source = await storeWith(many);
  const all = await select(source, 'SELECT ?s ?o { ?s <http://ex/p> ?o } ORDER BY DESC(?o)');
  t.same(await select(source, 'SELECT ?s ?o { ?s <http://ex/p> ?o } ORDER BY DESC(?o) LIMIT 10 OFFSET 3'), all.slice(3, 13));
});

t.test('a sort past the iteration-cache threshold overflows to disk and keeps the order', async (t) => {
  const many: Quad[] = [];
  for (let i = 0; i < 300; i++) many.push(quad(ex(`s${i}`), ex('p'), literal(String((i * 37) % 300), namedNode('http://www.w3.org/2001/XMLSchema#integer'))));
  const source = await storeWith(many);
  const q = 'SELECT ?o { ?s <http://ex/p> ?o } ORDER BY DESC(?o)';
  const spilled = await select(source, q, { iterationCacheSyncThreshold: 16 });
  t.equal(spilled.length, 300);
  t.same(spilled, await select(source, q));
  t.equal(spilled[0]!.o, '299');
});

t.test('BIND computes terms without adding them to the store', async (t) => {
  const source = await storeWith(data);
  const found = await select(source, 'SELECT ?label { <http://ex/a> <http://ex/name> ?n BIND(CONCAT(?n, "!") AS ?label) }');
  t.same(found, [{ label: 'Alice!' }]);
  t.equal(source.values.lookup(literal('Alice!')), undefined);
});

t.test('property paths follow cycles and give each end once', async (t) => {
  const source = await storeWith(data);
  const found = await select(source, 'SELECT ?o { <http://ex/a> <http://ex/knows>+ ?o }', {
    dataset: { defaultGraphs: [(await import('../rdf/terms.ts')).defaultGraph()], namedGraphs: [] },
  });
  t.same(found.map((r) => r.o).sort(), ['http://ex/a', 'http://ex/b', 'http://ex/c']);
});

t.test('results stream in batches and an aborted signal stops evaluation', async (t) => {
  const many: Quad[] = [];
  for (let i = 0; i < 3000; i++) many.push(quad(ex(`s${i}`), ex('p'), literal(String(i))));
  const source = await storeWith(many);
  const result = prepareQuery('SELECT * { ?s ?p ?o }').evaluate(source);
  if (result.kind !== 'bindings') throw new Error('bindings expected');
  let batches = 0;
  for await (const batch of result.solutions) {
    t.ok(batch.length <= 1000);
    batches++;
  }
  t.ok(batches >= 3, 'more than one batch');
  const controller = new AbortController();
  controller.abort(new QueryTimeoutError('too slow'));
  const cancelled = prepareQuery('SELECT * { ?s ?p ?o . ?x ?q ?y }').evaluate(source, { signal: controller.signal });
  await t.rejects(rows(cancelled), QueryTimeoutError);
});

t.test('a timeout fires during a long join that yields nothing yet', async (t) => {
  const many: Quad[] = [];
  for (let i = 0; i < 2000; i++) many.push(quad(ex(`s${i}`), ex('p'), literal(String(i))));
  const source = await storeWith(many);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new QueryTimeoutError('timed out')), 50);
  const started = performance.now();
  // 4 million pairs, none passing the filter: no row is ever produced before the timeout.
  const slow = prepareQuery('SELECT * { ?a ?p ?x . ?b ?q ?y FILTER(?a = ?b && ?x != ?y) }').evaluate(source, { signal: controller.signal });
  await t.rejects(rows(slow), QueryTimeoutError);
  clearTimeout(timer);
  t.ok(performance.now() - started < 5000, 'stopped soon after the timeout');
});

t.test('CONSTRUCT gives fresh blank nodes per solution; ASK; DESCRIBE', async (t) => {
  const source = await storeWith(data);
  const result = prepareQuery('CONSTRUCT { ?s <http://ex/q> _:n } WHERE { ?s <http://ex/knows> ?o }').evaluate(source);
  if (result.kind !== 'quads') throw new Error('quads expected');
  const quads: Quad[] = [];
  for await (const batch of result.quads) quads.push(...batch);
  t.equal(new Set(quads.map((q) => q.object.value)).size, quads.length);
  const ask = prepareQuery('ASK { <http://ex/c> <http://ex/knows> <http://ex/a> }').evaluate(source);
  t.same(ask, { kind: 'boolean', value: true });
  const describe = prepareQuery('DESCRIBE <http://ex/a>').evaluate(source);
  if (describe.kind !== 'quads') throw new Error('quads expected');
  let described = 0;
  for await (const batch of describe.quads) described += batch.length;
  t.equal(described, 2);
});

t.test('STRICT rejects an unknown function; STANDARD treats it as an error value', async (t) => {
  const source = await storeWith(data);
  const q = prepareQuery('SELECT ?s { ?s ?p ?o FILTER(<http://ex/nope>(?o)) }');
  t.same(await rows(q.evaluate(source)), []);
  t.throws(() => q.evaluate(source, { evaluationMode: 'STRICT' }));
});
