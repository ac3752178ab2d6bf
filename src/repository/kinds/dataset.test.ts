/**
 * §2.3 svc:DatasetRepository: graphs named in FROM / FROM NAMED (or given as
 * the protocol dataset) are loaded from http and file IRIs, kept, and reloaded
 * only when the source changed (ETag / If-None-Match, file mtime).
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
import { DatasetRepository } from './dataset.ts';
import { SailRepository } from './sail.ts';

async function values(result: QueryResult): Promise<string[]> {
  if (result.kind !== 'bindings') throw new Error('expected bindings');
  const out: string[] = [];
  for await (const batch of result.solutions) out.push(...batch.map((row) => row[0]?.value ?? ''));
  return out.sort();
}

function datasetRepository(): DatasetRepository {
  const inner = new SailRepository('d', '', { type: 'SailRepository', sail: { type: 'MemoryStore', persist: false } }, '/nonexistent');
  return new DatasetRepository('d', '', inner);
}

t.test('http sources: loaded on first use, revalidated with ETag, reloaded when changed', async (t) => {
  let document = '<http://ex/s> <http://ex/p> "v1" .';
  let version = 1;
  const requests: (string | undefined)[] = [];
  const source = createServer((req, res) => {
    requests.push(req.headers['if-none-match']);
    const etag = `"v${version}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'text/turtle', etag }).end(document);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => source.close(() => resolve())));
  const iri = `http://127.0.0.1:${(source.address() as AddressInfo).port}/data.ttl`;

  const repository = datasetRepository();
  await repository.init();
  const connection = await repository.connection();
  const query = `SELECT ?o FROM <${iri}> WHERE { ?s ?p ?o }`;
  t.same(await values(await connection.query({ query })), ['v1']);
  t.same(await values(await connection.query({ query })), ['v1'], 'unchanged source: kept');
  t.same(requests, [undefined, '"v1"'], 'the second query revalidated with If-None-Match');
  document = '<http://ex/s> <http://ex/p> "v2" .';
  version = 2;
  t.same(await values(await connection.query({ query })), ['v2'], 'changed source: reloaded, old statements gone');
  const named = `SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }`;
  const viaProtocol = await connection.query({ query: named, dataset: { defaultGraphs: [], namedGraphs: [namedNode(iri)] } });
  t.same(await values(viaProtocol), [iri], 'the protocol dataset names graphs too, each loaded into its own context');
  await repository.shutdown();
});

t.test('file sources: reloaded when the file changes', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-dataset-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'data.nt');
  writeFileSync(file, '<http://ex/s> <http://ex/p> "one" .\n');
  const iri = pathToFileURL(file).href;
  const repository = datasetRepository();
  await repository.init();
  const connection = await repository.connection();
  const query = `SELECT ?o FROM NAMED <${iri}> WHERE { GRAPH ?g { ?s ?p ?o } }`;
  t.same(await values(await connection.query({ query })), ['one']);
  writeFileSync(file, '<http://ex/s> <http://ex/p> "two" .\n');
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  t.same(await values(await connection.query({ query })), ['two']);
  await t.rejects(connection.query({ query: 'SELECT * FROM <ftp://example.org/x.ttl> WHERE { ?s ?p ?o }' }), /only http\(s\) and file/);
  await repository.shutdown();
});
