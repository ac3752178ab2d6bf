/**
 * §2.3 svc:DatasetRepository: graphs named in FROM / FROM NAMED (or given as
 * the protocol dataset) are loaded from http and file IRIs through the fetch
 * policy; a changed source is seen by the next query (files by mtime).
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { namedNode } from '../../rdf/terms.ts';
import type { QueryResult } from '../../sparql/api.ts';
import type { FetchPolicy } from '../../net/fetchPolicy.ts';
import { DatasetRepository } from './dataset.ts';
import { SailRepository } from './sail.ts';

async function values(result: QueryResult): Promise<string[]> {
  if (result.kind !== 'bindings') throw new Error('expected bindings');
  const out: string[] = [];
  for await (const batch of result.solutions) out.push(...batch.map((row) => row[0]?.value ?? ''));
  return out.sort();
}

/** Counts the commits the repository's store makes from now on. */
function spyOnCommits(inner: SailRepository): () => number {
  let commits = 0;
  const connection = inner.sail.connection.bind(inner.sail);
  inner.sail.connection = () => {
    const c = connection();
    const commit = c.commit.bind(c);
    c.commit = () => {
      commits++;
      return commit();
    };
    return c;
  };
  return () => commits;
}

function datasetRepository(policy?: FetchPolicy): DatasetRepository & { inner: SailRepository } {
  const inner = new SailRepository('d', '', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } }, '/nonexistent');
  return Object.assign(new DatasetRepository('d', '', inner, policy), { inner });
}

t.test('http sources: loaded on use into their own context, a change seen by the next query', async (t) => {
  let document = '<http://ex/s> <http://ex/p> "v1" .';
  let requests = 0;
  const source = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'text/turtle' }).end(document);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => source.close(() => resolve())));
  const iri = `http://127.0.0.1:${(source.address() as AddressInfo).port}/data.ttl`;
  const query = `SELECT ?o FROM <${iri}> WHERE { ?s ?p ?o }`;

  const refused = await datasetRepository().connection();
  await t.rejects(refused.query({ query }), /loopback/, 'the default fetch policy refuses loopback sources');

  const repository = datasetRepository({ allowLoopback: true });
  await repository.init();
  const connection = await repository.connection();
  t.same(await values(await connection.query({ query })), ['v1']);
  const writes = spyOnCommits(repository.inner);
  t.same(await values(await connection.query({ query })), ['v1']);
  t.equal(writes(), 0, 'an unchanged body is not written again');
  document = '<http://ex/s> <http://ex/p> "v2" .';
  t.same(await values(await connection.query({ query })), ['v2'], 'changed source: reloaded, old statements gone');
  t.equal(writes(), 1);
  t.equal(requests, 3);
  const named = `SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }`;
  const viaProtocol = await connection.query({ query: named, dataset: { defaultGraphs: [], namedGraphs: [namedNode(iri)] } });
  t.same(await values(viaProtocol), [iri], 'the protocol dataset names graphs too, each loaded into its own context');
  await repository.shutdown();
});

t.test('http sources with ETag / Last-Modified are revalidated by conditional requests (304 keeps the graph)', async (t) => {
  let version = 1;
  const seen: string[] = [];
  const source = createServer((req, res) => {
    const etag = `"v${version}"`;
    seen.push(`${req.headers['if-none-match'] ?? '-'} ${req.headers['if-modified-since'] ?? '-'}`);
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'text/turtle', etag, 'last-modified': 'Mon, 23 Nov 2026 10:00:00 GMT' });
    res.end(`<http://ex/s> <http://ex/p> "v${version}" .`);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => source.close(() => resolve())));
  const iri = `http://127.0.0.1:${(source.address() as AddressInfo).port}/data.ttl`;
  const query = `SELECT ?o FROM <${iri}> WHERE { ?s ?p ?o }`;
  const repository = datasetRepository({ allowLoopback: true });
  await repository.init();
  const connection = await repository.connection();
  t.same(await values(await connection.query({ query })), ['v1']);
  const writes = spyOnCommits(repository.inner);
  t.same(await values(await connection.query({ query })), ['v1'], 'a 304 keeps the loaded graph');
  t.equal(writes(), 0);
  version = 2;
  t.same(await values(await connection.query({ query })), ['v2'], 'a new ETag reloads');
  t.same(seen, ['- -', '"v1" Mon, 23 Nov 2026 10:00:00 GMT', '"v1" Mon, 23 Nov 2026 10:00:00 GMT'], 'validators sent back');
  await repository.shutdown();
});

t.test('file sources: reloaded when the file changes', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-dataset-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'data.nt');
  writeFileSync(file, '<http://ex/s> <http://ex/p> "one" .\n');
  const iri = pathToFileURL(file).href;
  const repository = datasetRepository({ fileRoots: [dir] });
  await repository.init();
  const connection = await repository.connection();
  const query = `SELECT ?o FROM NAMED <${iri}> WHERE { GRAPH ?g { ?s ?p ?o } }`;
  const fixed = new Date('2025-01-01T00:00:00Z');
  utimesSync(file, fixed, fixed);
  t.same(await values(await connection.query({ query })), ['one']);
  writeFileSync(file, '<http://ex/s> <http://ex/p> "two" .\n');
  utimesSync(file, fixed, fixed);
  t.same(await values(await connection.query({ query })), ['one'], 'same mtime: the loaded graph is kept');
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  t.same(await values(await connection.query({ query })), ['two']);
  await t.rejects(connection.query({ query: 'SELECT * FROM <ftp://example.org/x.ttl> WHERE { ?s ?p ?o }' }), /cannot fetch ftp/);
  await t.rejects(connection.query({ query: `SELECT * FROM <${pathToFileURL(tmpdir()).href}/elsewhere.ttl> WHERE { ?s ?p ?o }` }), /outside the allowed roots/);
  await repository.shutdown();
});
