/**
 * §2.3 svc:ContextAwareRepository over a SailRepository: `ca.readContext` limits
 * reads and a query's dataset, `ca.insertContext` receives context-less adds,
 * `ca.removeContext` limits deletes; a context given in the call wins.
 */
import t from 'tap';
import { defaultGraph, type Graph, literal, namedNode, quad } from '../../rdf/terms.ts';
import type { QueryRequest } from '../api.ts';
import type { ContextAwareRepositoryConfig } from '../config/types.ts';
import { ContextAwareRepository } from './contextAware.ts';
import { SailRepository } from './sail.ts';

const ex = (local: string) => namedNode('http://ex/' + local);
const [g1, g2, g3] = [ex('g1'), ex('g2'), ex('g3')];

async function collect<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

async function setup(read: Graph[], insert: Graph | undefined, remove: Graph[]) {
  const inner = new SailRepository('m', '', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } }, '/nonexistent');
  const config: ContextAwareRepositoryConfig = {
    type: 'ContextAwareRepository',
    delegate: { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } },
    readContexts: read,
    removeContexts: remove,
    ...(insert ? { insertContext: insert } : {}),
  };
  const repository = new ContextAwareRepository('ca', '', inner, config);
  await repository.init();
  const raw = await inner.connection();
  await raw.begin();
  for (const g of [defaultGraph(), g1, g2, g3]) raw.add(quad(ex('s'), ex('p'), literal(g.value || 'default'), g));
  await raw.commit();
  return { repository, raw, connection: await repository.connection() };
}

t.test('reads: statements, size and queries see the read contexts', async (t) => {
  const { connection } = await setup([g1, defaultGraph()], undefined, []);
  const values = (await collect(connection.statements({}))).map((q) => q.object.value).sort();
  t.same(values, ['default', g1.value]);
  t.equal(await connection.size(), 2);
  t.equal((await collect(connection.statements({ contexts: [g3] }))).length, 1, 'an explicit context wins');
  const result = await connection.query({ query: 'SELECT ?o WHERE { ?s ?p ?o }' });
  t.equal(result.kind, 'bindings');
  if (result.kind === 'bindings') t.same((await collect(result.solutions)).map((r) => r[0]?.value).sort(), ['default', g1.value], 'the query dataset is the read contexts');
});

t.test('inserts go to the insert context unless the statement or call has one', async (t) => {
  const { connection, raw } = await setup([], g2, []);
  await connection.begin();
  connection.add(quad(ex('n'), ex('p'), literal('bare')));
  connection.add(quad(ex('n'), ex('p'), literal('own'), g3));
  connection.add(quad(ex('n'), ex('p'), literal('given')), [g1]);
  await connection.commit();
  const where = async (value: string) => (await collect(raw.statements({ subject: ex('n'), object: literal(value) })))[0]?.graph.value;
  t.equal(await where('bare'), g2.value);
  t.equal(await where('own'), g3.value);
  t.equal(await where('given'), g1.value);
});

t.test('removes act only in the remove contexts', async (t) => {
  const { connection, raw } = await setup([], undefined, [g1, g2]);
  await connection.remove({ subject: ex('s') });
  t.same((await collect(raw.statements({}))).map((q) => q.graph.value).sort(), ['', g3.value]);
});

t.test('ca.includeInferred false hides inferred statements whatever the call asks', async (t) => {
  const inner = new SailRepository('m', '', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } }, '/nonexistent');
  const seen: (boolean | undefined)[] = [];
  const spy = await inner.connection();
  const original = spy.statements.bind(spy);
  spy.statements = (filter) => {
    seen.push(filter.includeInferred);
    return original(filter);
  };
  inner.connection = async () => spy;
  const repository = new ContextAwareRepository('ca', '', inner, {
    type: 'ContextAwareRepository',
    delegate: { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } },
    readContexts: [],
    removeContexts: [],
    includeInferred: false,
  });
  await collect((await repository.connection()).statements({ includeInferred: true }));
  t.same(seen, [false]);
});

t.test('updates: inserts without GRAPH go to the insert context, deletes act in the remove contexts', async (t) => {
  const { connection, raw } = await setup([], g2, [g1]);
  await connection.update({ update: 'INSERT DATA { <http://ex/u> <http://ex/p> "inserted" }' });
  t.same((await collect(raw.statements({ subject: ex('u') }))).map((q) => q.graph.value), [g2.value]);
  await connection.update({ update: 'DELETE DATA { <http://ex/s> <http://ex/p> "http://ex/g1" . <http://ex/s> <http://ex/p> "http://ex/g3" }' });
  t.same((await collect(raw.statements({ subject: ex('s') }))).map((q) => q.graph.value).sort(), ['', g2.value, g3.value], 'only the g1 statement went');
});

t.test('ca.maxQueryTime, ca.queryLanguage and ca.base reach the query', async (t) => {
  const inner = new SailRepository('m', '', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } }, '/nonexistent');
  const seen: QueryRequest[] = [];
  const spy = await inner.connection();
  spy.query = async (request) => {
    seen.push(request);
    return { kind: 'boolean', value: true };
  };
  inner.connection = async () => spy;
  const repository = new ContextAwareRepository('ca', '', inner, {
    type: 'ContextAwareRepository',
    delegate: { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } },
    readContexts: [],
    removeContexts: [],
    maxQueryTime: 1,
    queryLanguage: 'SPARQL',
    baseIRI: 'http://ex/base/',
  });
  const connection = await repository.connection();
  await connection.query({ query: 'ASK {}' });
  await connection.query({ query: 'ASK {}', baseIRI: 'http://ex/own/' });
  t.equal(seen[0]?.language, 'sparql');
  t.equal(seen[0]?.baseIRI, 'http://ex/base/');
  t.equal(seen[1]?.baseIRI, 'http://ex/own/', "the request's own base wins");
  const signal = seen[0]?.signal;
  t.ok(signal && !signal.aborted, 'a timeout signal is set');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  t.ok(signal?.aborted, 'it fires after ca.maxQueryTime seconds');
  t.equal((signal?.reason as Error).name, 'QueryTimeoutError');
});
