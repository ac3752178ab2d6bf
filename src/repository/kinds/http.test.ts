/**
 * §2.3 svc:HTTPRepository end to end: server A serves a repository that lives
 * on server B. Every request goes client → A → (HTTPRepository) → B, and the
 * results are checked on B directly, so each operation really crossed over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { literal, namedNode, quad } from '../../rdf/terms.ts';
import { startServer, type RunningServer } from '../../server/app.ts';
import { readConfigDocument } from '../config/document.ts';
import { RepositoryManager } from '../manager.ts';
import { HTTPRepository } from './http.ts';

let a: RunningServer;
let b: RunningServer;
const dirs: string[] = [];

async function serverWith(config: string, id: string): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-http-'));
  dirs.push(dir);
  const manager = await RepositoryManager.open(dir, { createDefault: false });
  await manager.create(id, await readConfigDocument(config));
  return startServer({ port: 0, repositories: manager });
}

const CONFIG = '@prefix config: <tag:svc.org,2023:config/>. @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#>.';

t.before(async () => {
  b = await serverWith(
    `${CONFIG} [] config:rep.id "data" ; rdfs:label "on B" ; config:rep.impl [ config:rep.type "svc:SailRepository" ;
       config:sail.impl [ config:sail.type "svc:MemoryStore" ; config:mem.persist false ] ].`,
    'data',
  );
  a = await serverWith(
    `${CONFIG} [] config:rep.id "remote" ; config:rep.impl [ config:rep.type "svc:HTTPRepository" ; config:http.url <${b.url}/repositories/data> ].`,
    'remote',
  );
});
t.teardown(async () => {
  await a.close();
  await b.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const onA = (path = '') => `${a.url}/repositories/remote${path}`;
const onB = (path = '') => `${b.url}/repositories/data${path}`;

async function ok(response: Promise<Response>, status: number): Promise<Response> {
  const res = await response;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return res;
}

async function sizeOnB(context?: string): Promise<number> {
  const res = await ok(fetch(onB('/size') + (context ? `?context=${encodeURIComponent(context)}` : '')), 200);
  return Number(await res.text());
}

t.test('statements uploaded to A land on B, with contexts', async (t) => {
  const body = '<http://ex/s> <http://ex/p> "o" .\n<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .\n';
  await ok(fetch(onA('/statements'), { method: 'POST', headers: { 'content-type': 'application/n-quads' }, body }), 204);
  t.equal(await sizeOnB(), 2);
  t.equal(await sizeOnB('<http://ex/g>'), 1);
  const res = await ok(fetch(onA('/size?context=null')), 200);
  t.equal(await res.text(), '1', 'size through A');
});

t.test('queries and statement reads through A are answered by B', async (t) => {
  const query = 'SELECT ?o WHERE { <http://ex/s> <http://ex/p> ?o } ORDER BY ?o';
  const res = await ok(fetch(onA(`?query=${encodeURIComponent(query)}`), { headers: { accept: 'application/sparql-results+json' } }), 200);
  const json = (await res.json()) as { results: { bindings: { o: { value: string } }[] } };
  t.same(json.results.bindings.map((b) => b.o.value).sort(), ['http://ex/o', 'o']);
  const ask = await ok(fetch(onA(`?query=${encodeURIComponent('ASK { GRAPH <http://ex/g> { ?s ?p ?o } }')}`), { headers: { accept: 'application/sparql-results+json' } }), 200);
  t.same(await ask.json(), { head: {}, boolean: true });
  const statements = await ok(fetch(onA(`/statements?obj=${encodeURIComponent('"o"')}`), { headers: { accept: 'application/n-quads' } }), 200);
  t.equal((await statements.text()).trim(), '<http://ex/s> <http://ex/p> "o" .');
  const contexts = await ok(fetch(onA('/contexts'), { headers: { accept: 'application/sparql-results+json' } }), 200);
  t.match(await contexts.text(), 'http://ex/g');
});

t.test('a transaction on A is a transaction on B: nothing shows before commit', async (t) => {
  const begin = await ok(fetch(onA('/transactions'), { method: 'POST' }), 201);
  const txn = begin.headers.get('location')!;
  const add = '<http://ex/t> <http://ex/p> "in txn" .';
  await ok(fetch(`${txn}?action=ADD`, { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: add }), 200);
  const inside = await ok(fetch(`${txn}?action=SIZE`, { method: 'PUT' }), 200);
  t.equal(await inside.text(), '3', 'the transaction sees its add');
  const subj = encodeURIComponent('<http://ex/t>');
  const read = await ok(fetch(`${txn}?action=GET&subj=${subj}`, { method: 'PUT', headers: { accept: 'application/n-triples' } }), 200);
  t.equal((await read.text()).trim(), add, 'and reads it back');
  t.equal(await sizeOnB(), 2, 'B shows nothing before commit');
  await ok(fetch(`${txn}?action=COMMIT`, { method: 'PUT' }), 200);
  t.equal(await sizeOnB(), 3, 'B has it after commit');

  const second = (await ok(fetch(onA('/transactions'), { method: 'POST' }), 201)).headers.get('location')!;
  await ok(fetch(`${second}?action=DELETE`, { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: add }), 200);
  await ok(fetch(second, { method: 'DELETE' }), 204);
  t.equal(await sizeOnB(), 3, 'a rolled-back delete changes nothing on B');
});

t.test('SPARQL updates and queries inside a transaction cross over', async (t) => {
  const form = (update: string) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ update }).toString() });
  await ok(fetch(onA('/statements'), form('INSERT DATA { <http://ex/u> <http://ex/p> "update" }')), 204);
  t.equal(await sizeOnB(), 4);
  const txn = (await ok(fetch(onA('/transactions'), { method: 'POST' }), 201)).headers.get('location')!;
  const update = 'DELETE WHERE { <http://ex/u> ?p ?o }';
  await ok(fetch(`${txn}?action=UPDATE`, { method: 'PUT', headers: { 'content-type': 'application/sparql-update' }, body: update }), 204);
  const query = 'ASK { <http://ex/u> ?p ?o }';
  const inside = await ok(fetch(`${txn}?action=QUERY`, { method: 'PUT', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: query }), 200);
  t.same(await inside.json(), { head: {}, boolean: false }, 'the transaction sees its update');
  t.equal(await sizeOnB(), 4, 'B does not, yet');
  await ok(fetch(`${txn}?action=COMMIT`, { method: 'PUT' }), 200);
  t.equal(await sizeOnB(), 3);
});

t.test('removes by pattern and namespaces go through', async (t) => {
  await ok(fetch(onA(`/statements?subj=${encodeURIComponent('<http://ex/t>')}`), { method: 'DELETE' }), 204);
  t.equal(await sizeOnB(), 2);
  await ok(fetch(onA('/namespaces/ex'), { method: 'PUT', body: 'http://ex/' }), 204);
  const ns = await ok(fetch(onB('/namespaces/ex')), 200);
  t.equal(await ns.text(), 'http://ex/');
  const viaA = await ok(fetch(onA('/namespaces/ex')), 200);
  t.equal(await viaA.text(), 'http://ex/');
});

t.test('an unreachable server is reported with its URL and the cause', async (t) => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const repository = new HTTPRepository('r', '', { type: 'HTTPRepository', url: `http://127.0.0.1:${port}/repositories/r` });
  await t.rejects((await repository.connection()).size(), { name: 'RemoteRepositoryError', message: new RegExp(`GET http://127.0.0.1:${port}/repositories/r/size: .*ECONNREFUSED`) });
});

t.test('basic authentication is sent when configured', async (t) => {
  const seen: IncomingMessage['headers'][] = [];
  const fake = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('7');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => fake.close(() => resolve())));
  const { port } = fake.address() as AddressInfo;
  const repository = new HTTPRepository('r', '', { type: 'HTTPRepository', url: `http://127.0.0.1:${port}/repositories/r/`, username: 'alice', password: 's3cret' });
  const connection = await repository.connection();
  t.equal(await connection.size(), 7);
  t.equal(seen[0]?.authorization, 'Basic ' + Buffer.from('alice:s3cret').toString('base64'));
});

t.test('a large export streams through A intact', async (t) => {
  const lines = Array.from({ length: 5000 }, (_, i) => `<http://ex/big${i}> <http://ex/n> "${i}" <http://ex/big> .`);
  await ok(fetch(onB('/statements'), { method: 'POST', headers: { 'content-type': 'application/n-quads' }, body: lines.join('\n') }), 204);
  const res = await ok(fetch(onA(`/statements?context=${encodeURIComponent('<http://ex/big>')}`), { headers: { accept: 'application/n-quads' } }), 200);
  const received = (await res.text()).trim().split('\n');
  t.equal(received.length, 5000);
  t.same(new Set(received), new Set(lines));
  const query = 'SELECT ?s WHERE { GRAPH <http://ex/big> { ?s ?p ?o } }';
  const rows = await ok(fetch(onA(`?query=${encodeURIComponent(query)}`), { headers: { accept: 'application/sparql-results+json' } }), 200);
  t.equal(((await rows.json()) as { results: { bindings: unknown[] } }).results.bindings.length, 5000);
});

t.test('a transaction with many adds sends them in the background, in order, before commit', async (t) => {
  const requests: string[] = [];
  const fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const action = new URL(req.url!, 'http://x').searchParams.get('action');
      requests.push(`${req.method} ${action ?? req.url} ${body.split('\n').filter(Boolean).length}`);
      if (req.method === 'POST') res.writeHead(201, { location: '/repositories/r/transactions/t1' }).end();
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => fake.close(() => resolve())));
  const { port } = fake.address() as AddressInfo;
  const repository = new HTTPRepository('r', '', { type: 'HTTPRepository', url: `http://127.0.0.1:${port}/repositories/r` }, 3);
  const connection = await repository.connection();
  await connection.begin('SNAPSHOT');
  for (let i = 0; i < 7; i++) connection.add(quad(namedNode(`http://ex/s${i}`), namedNode('http://ex/p'), literal(String(i))));
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.same(requests, ['POST /repositories/r/transactions 1', 'PUT ADD 3', 'PUT ADD 3'], 'two full buffers went out before commit');
  await connection.commit();
  t.same(requests.slice(3), ['PUT ADD 1', 'PUT COMMIT 0']);
  t.equal(connection.active, false);
});
