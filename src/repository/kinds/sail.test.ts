/**
 * §2.3 svc:SailRepository: the store stack from `config:sail.impl`, statement
 * access through the store's ids (unknown terms match nothing), queries on
 * the connection, and Sails svc lacks failing loudly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { defaultGraph, literal, namedNode, quad } from '../../rdf/terms.ts';
import type { RepositoryConnection } from '../api.ts';
import { RepositoryConfigError } from '../config/errors.ts';
import type { SailConfig } from '../config/types.ts';
import { evaluationDefaults, SailRepository } from './sail.ts';

const ex = (local: string) => namedNode('http://example.org/' + local);
const g1 = ex('g1');
const g2 = ex('g2');

async function collect<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

async function memoryRepository(): Promise<SailRepository> {
  const repository = new SailRepository('m', 'Memory', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } }, '/nonexistent');
  await repository.init();
  return repository;
}

async function seeded(connection: RepositoryConnection): Promise<void> {
  await connection.begin();
  connection.add(quad(ex('a'), ex('p'), literal('1')));
  connection.add(quad(ex('a'), ex('p'), literal('2')), [g1, g2]);
  connection.add(quad(ex('b'), ex('q'), ex('a'), g1));
  await connection.commit();
}

t.test('statements, size and contexts through the store ids', async (t) => {
  const repository = await memoryRepository();
  const connection = await repository.connection();
  await seeded(connection);
  t.equal((await collect(connection.statements({}))).length, 4);
  t.equal((await collect(connection.statements({ subject: ex('a') }))).length, 3);
  t.equal((await collect(connection.statements({ contexts: [g1] }))).length, 2);
  t.equal((await collect(connection.statements({ contexts: [defaultGraph()] }))).length, 1, 'the null context alone');
  t.equal((await collect(connection.statements({ contexts: [g1, g2] }))).length, 3, 'a union of contexts');
  t.same(await collect(connection.statements({ subject: ex('never-seen') })), [], 'an unknown term matches nothing');
  t.same(await collect(connection.statements({ contexts: [ex('never-seen')] })), [], 'an unknown context matches nothing');
  t.equal(await connection.size(), 4);
  t.equal(await connection.size([g1]), 2);
  t.same((await collect(connection.contexts())).map((c) => c.value).sort(), [g1.value, g2.value]);
  await connection.close();
  await repository.shutdown();
});

t.test('remove by pattern, in a transaction or on its own', async (t) => {
  const repository = await memoryRepository();
  const connection = await repository.connection();
  await seeded(connection);
  await connection.remove({ predicate: ex('p'), contexts: [g2] });
  t.equal(await connection.size(), 3, 'auto-commit remove');
  await connection.begin();
  await connection.remove({ subject: ex('a') });
  await connection.rollback();
  t.equal(await connection.size(), 3, 'rolled back');
  await connection.remove({ subject: ex('unknown') });
  t.equal(await connection.size(), 3, 'unknown subject removes nothing');
  await repository.shutdown();
});

t.test('queries run on the connection', async (t) => {
  const repository = await memoryRepository();
  const connection = await repository.connection();
  await seeded(connection);
  const result = await connection.query({ query: 'SELECT ?o WHERE { <http://example.org/a> <http://example.org/p> ?o } ORDER BY ?o' });
  t.equal(result.kind, 'bindings');
  if (result.kind !== 'bindings') return;
  const rows = [];
  for await (const batch of result.solutions) rows.push(...batch.map((row) => row[0]?.value));
  t.same([...new Set(rows)], ['1', '2'], 'the default graph includes the named graphs');
  const ask = await connection.query({ query: 'ASK { GRAPH <http://example.org/g1> { ?s <http://example.org/q> ?o } }' });
  t.same(ask, { kind: 'boolean', value: true });
  await repository.shutdown();
});

t.test('updates run on the connection, in its transaction or in one of their own', async (t) => {
  const repository = await memoryRepository();
  const connection = await repository.connection();
  await connection.update({ update: 'INSERT DATA { <http://example.org/u> <http://example.org/p> "1" }' });
  t.equal(await connection.size(), 1, 'auto-commit update');
  await connection.begin();
  await connection.update({ update: 'DELETE WHERE { ?s ?p ?o }' });
  t.equal(await connection.size(), 0, 'the transaction sees its own update');
  await connection.rollback();
  t.equal(await connection.size(), 1, 'rolled back');
  await t.rejects(connection.update({ update: 'INSERT DATA { nonsense' }), { name: 'MalformedQueryError' });
  await repository.shutdown();
});

t.test('namespaces', async (t) => {
  const repository = await memoryRepository();
  const connection = await repository.connection();
  await connection.setNamespace('ex', 'http://example.org/');
  t.equal(await connection.getNamespace('ex'), 'http://example.org/');
  t.same([...(await connection.namespaces())], [['ex', 'http://example.org/']]);
  await connection.removeNamespace('ex');
  t.equal(await connection.getNamespace('ex'), undefined);
  await repository.shutdown();
});

t.test('a NativeStore stack keeps its data across restarts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sail-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const config = { type: 'SailRepository', sail: { type: 'NativeStore', tripleIndexes: ['spoc', 'posc', 'cosp'] } } as const;
  const first = new SailRepository('n', 'Native', config, dir);
  await first.init();
  await seeded(await first.connection());
  await first.shutdown();
  const second = new SailRepository('n', 'Native', config, dir);
  await second.init();
  const connection = await second.connection();
  t.equal(await connection.size(), 4);
  t.equal((await collect(connection.statements({ object: ex('a') }))).length, 1);
  await second.shutdown();
});

t.test('Sails svc lacks fail at construction, naming the type', async (t) => {
  const unsupported: SailConfig[] = [
    { type: 'SearchEngineStore', hostname: 'localhost' },
    { type: 'SchemaCachingRDFSInferencer', delegate: { type: 'MemoryStore', persist: false } },
    { type: 'DirectTypeHierarchyInferencer', delegate: { type: 'MemoryStore', persist: false } },
    { type: 'ShaclSail', delegate: { type: 'MemoryStore', persist: false }, options: {} },
  ];
  for (const sail of unsupported) {
    t.throws(() => new SailRepository('x', '', { type: 'SailRepository', sail }, '/nonexistent'), RepositoryConfigError);
    t.throws(() => new SailRepository('x', '', { type: 'SailRepository', sail }, '/nonexistent'), { message: `svc:${sail.type} is not supported yet` });
  }
});

t.test('config:sail.defaultQueryEvaluationMode reaches the query engine', async (t) => {
  const query = 'SELECT ?x WHERE { BIND(<http://example.org/unknown-function>(1) AS ?x) }';
  const run = async (mode: 'STRICT' | 'STANDARD', override?: 'STRICT' | 'STANDARD') => {
    const repository = new SailRepository('m', '', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false, defaultQueryEvaluationMode: mode } }, '/nonexistent');
    await repository.init();
    const connection = await repository.connection();
    try {
      const result = await connection.query({ query, ...(override ? { evaluationMode: override } : {}) });
      return result.kind === 'bindings' ? (await collect(result.solutions)).length : -1;
    } finally {
      await repository.shutdown();
    }
  };
  await t.rejects(run('STRICT'), { name: 'QueryEvaluationError' }, 'STRICT: an unknown function fails the query');
  t.equal(await run('STANDARD'), 1, 'STANDARD: an expression error, the row stays');
  t.equal(await run('STRICT', 'STANDARD'), 1, 'a mode given with the request wins');
});

t.test('evaluation settings: the outermost Sail that sets one wins', async (t) => {
  t.same(evaluationDefaults({ type: 'MemoryStore', persist: false }), { evaluationMode: 'STRICT', iterationCacheSyncThreshold: 0 });
  t.same(
    evaluationDefaults({
      type: 'SchemaCachingRDFSInferencer',
      iterationCacheSyncThreshold: 500,
      delegate: { type: 'MemoryStore', persist: false, defaultQueryEvaluationMode: 'STANDARD', iterationCacheSyncThreshold: 10000 },
    }),
    { evaluationMode: 'STANDARD', iterationCacheSyncThreshold: 500 },
  );
});
