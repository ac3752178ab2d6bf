/**
 * §2.3 svc:SPARQLRepository: reads against a real SPARQL endpoint (a svc
 * server), and the wire shape of writes against a recording endpoint: nothing
 * is sent before commit, then one update of INSERT DATA / DELETE WHERE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { defaultGraph, literal, namedNode, quad } from '../../rdf/terms.ts';
import { startServer, type RunningServer } from '../../server/app.ts';
import { readConfigDocument } from '../config/document.ts';
import { RepositoryManager } from '../manager.ts';
import { SPARQLRepository } from './sparql.ts';

const ex = (local: string) => namedNode('http://ex/' + local);

async function collect<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

t.test('reads against a real endpoint', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sparql-'));
  const manager = await RepositoryManager.open(dir, { createDefault: false });
  await manager.create(
    'data',
    await readConfigDocument(`@prefix config: <tag:svc.org,2023:config/>. [] config:rep.id "data" ; config:rep.impl [ config:rep.type "svc:SailRepository" ;
       config:sail.impl [ config:sail.type "svc:MemoryStore" ; config:mem.persist false ] ].`),
  );
  const server: RunningServer = await startServer({ port: 0, repositories: manager });
  t.teardown(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const endpoint = `${server.url}/repositories/data`;
  const body = '<http://ex/s> <http://ex/p> "o" .\n<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .\n';
  await fetch(`${endpoint}/statements`, { method: 'POST', headers: { 'content-type': 'application/n-quads' }, body });

  const connection = await new SPARQLRepository('s', '', { type: 'SPARQLRepository', queryEndpoint: endpoint }).connection();
  const select = await connection.query({ query: 'SELECT ?o WHERE { ?s <http://ex/p> ?o } ORDER BY ?o', bindings: new Map([['s', ex('s')]]) });
  t.equal(select.kind, 'bindings');
  if (select.kind === 'bindings') t.same((await collect(select.solutions)).map((r) => r[0]?.value), ['http://ex/o', 'o'], 'bindings sent as VALUES');
  const limited = await connection.query({ query: 'SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o', offset: 1, limit: 5 });
  if (limited.kind === 'bindings') t.same((await collect(limited.solutions)).map((r) => r[0]?.value), ['o'], 'offset and limit applied on the client');
  t.same(await connection.query({ query: '# a comment\nPREFIX ex: <http://ex/>\nASK { ex:s ex:p "o" }' }), { kind: 'boolean', value: true });
  const long = await connection.query({ query: `ASK { <http://ex/s> ?p ?o FILTER(?o != "${'x'.repeat(5000)}") }` });
  t.same(long, { kind: 'boolean', value: true }, 'a long query goes by POST');

  const inG = await collect(connection.statements({ contexts: [ex('g')] }));
  t.same(inG.map((q) => [q.object.value, q.graph.value]), [['http://ex/o', 'http://ex/g']], 'CONSTRUCT per context, the context restored');
  t.equal(await connection.size([ex('g')]), 1);
  t.same((await collect(connection.contexts())).map((g) => g.value), ['http://ex/g']);

  const writer = await new SPARQLRepository('s', '', { type: 'SPARQLRepository', queryEndpoint: endpoint, updateEndpoint: `${endpoint}/statements` }).connection();
  await writer.begin();
  writer.add(quad(ex('n'), ex('p'), literal('new')), [ex('g2')]);
  await writer.remove({ subject: ex('s'), contexts: [ex('g')] });
  await writer.commit();
  t.same((await collect(writer.contexts())).map((g) => g.value), ['http://ex/g2'], 'the commit reached the endpoint');
});

t.test('writes are collected and sent at commit as one update', async (t) => {
  const updates: string[] = [];
  const fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      updates.push(new URLSearchParams(body).get('update') ?? '');
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => fake.close(() => resolve())));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  const repository = new SPARQLRepository('s', '', { type: 'SPARQLRepository', queryEndpoint: `${url}/query`, updateEndpoint: `${url}/update` });
  const connection = await repository.connection();

  await connection.begin();
  connection.add(quad(ex('a'), ex('p'), literal('1')));
  connection.add(quad(ex('a'), ex('p'), literal('2')), [ex('g')]);
  await connection.remove({ subject: ex('b'), contexts: [ex('g'), defaultGraph()] });
  connection.add(quad(ex('c'), ex('p'), ex('d')));
  t.same(updates, [], 'nothing sent before commit');
  await connection.commit();
  t.equal(updates.length, 1, 'one request at commit');
  t.equal(
    updates[0],
    [
      'INSERT DATA {\n<http://ex/a> <http://ex/p> "1" .\nGRAPH <http://ex/g> { <http://ex/a> <http://ex/p> "2" . }\n}',
      'DELETE WHERE { GRAPH <http://ex/g> { <http://ex/b> ?p ?o } }',
      'DELETE WHERE { <http://ex/b> ?p ?o }',
      'INSERT DATA {\n<http://ex/c> <http://ex/p> <http://ex/d> .\n}',
    ].join(' ;\n'),
    'in order: inserts, deletes, inserts',
  );

  await connection.begin();
  connection.add(quad(ex('x'), ex('p'), literal('1')));
  await connection.rollback();
  await connection.remove({ predicate: ex('p') });
  t.same(updates.slice(1), ['DELETE WHERE { ?s <http://ex/p> ?o } ;\nDELETE WHERE { GRAPH ?g { ?s <http://ex/p> ?o } }'], 'a rollback sends nothing; a remove outside a transaction goes at once, to every graph');
  t.throws(() => connection.add(quad(ex('x'), ex('p'), literal('1'))), /outside a transaction/);
});
