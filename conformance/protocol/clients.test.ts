/**
 * Real SPARQL clients against a live server (decisions.md principle 1: real
 * clients work unchanged): `sparql-http-client` (SPARQL 1.1 Protocol query and
 * Graph Store) and Comunica v4 (`@comunica/query-sparql`, the endpoint as a
 * `sparql` source and a Graph Store URL as an RDF document source).
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ParsingClient from 'sparql-http-client/ParsingClient.js';
import StreamClient from 'sparql-http-client/StreamClient.js';
import { QueryEngine } from '@comunica/query-sparql';
import { startServer } from '../../src/server/app.ts';
import { literal, namedNode, quad, type Quad } from '../../src/rdf/terms.ts';
import { MEMORY_REPOSITORY_CONFIG, TEST_REPOSITORY } from './repository.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'svc-clients-'));
const server = await startServer({ port: 0, dataDir });
t.teardown(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});
const repository = `${server.url}/repositories/${TEST_REPOSITORY}`;
await fetch(repository, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: MEMORY_REPOSITORY_CONFIG });
await fetch(`${repository}/statements`, {
  method: 'POST',
  headers: { 'Content-Type': 'text/turtle' },
  body: '@prefix ex: <http://example.org/> . ex:alice ex:knows ex:bob ; ex:name "Alice" . ex:bob ex:name "Bob" .',
});

const endpointUrl = repository;
const storeUrl = `${repository}/rdf-graphs/service`;

t.test('sparql-http-client: SELECT, ASK, CONSTRUCT through the SPARQL Protocol', async (t) => {
  const client = new ParsingClient({ endpointUrl });
  const rows = await client.query.select('SELECT ?name WHERE { ?p <http://example.org/name> ?name } ORDER BY ?name');
  t.same(rows.map((r) => r['name']?.value), ['Alice', 'Bob']);
  t.equal(await client.query.ask('ASK { <http://example.org/alice> <http://example.org/knows> ?x }'), true);
  const dataset = await client.query.construct('CONSTRUCT { ?s <http://example.org/n> ?o } WHERE { ?s <http://example.org/name> ?o }');
  t.equal(dataset.size, 2);
  const post = await client.query.select('SELECT * WHERE { ?s ?p ?o }', { operation: 'postUrlencoded' });
  t.equal(post.length, 3);
});

t.test('sparql-http-client: Graph Store PUT, POST, GET on a named and the default graph', async (t) => {
  const client = new StreamClient({ endpointUrl, storeUrl });
  const graph = namedNode('http://example.org/graphs/people');
  const triple = (s: string, o: string): Quad => quad(namedNode(s), namedNode('http://example.org/name'), literal(o));
  await client.store.put(Readable.from([triple('http://example.org/carol', 'Carol')]), { graph });
  await client.store.post(Readable.from([triple('http://example.org/dave', 'Dave')]), { graph });
  const names: string[] = [];
  for await (const q of client.store.get(graph)) names.push(q.object.value);
  t.same(names.sort(), ['Carol', 'Dave']);
  const all: Quad[] = [];
  for await (const q of client.store.get(undefined)) all.push(q);
  t.equal(all.length, 3, 'the default graph keeps the three statements loaded without a context');
});

t.test('Comunica v4: the repository as a SPARQL endpoint source', async (t) => {
  const engine = new QueryEngine();
  const bindings = await engine.queryBindings('SELECT ?who WHERE { <http://example.org/alice> <http://example.org/knows> ?who }', {
    sources: [{ type: 'sparql', value: endpointUrl }],
  });
  const rows = await bindings.toArray();
  t.same(rows.map((b) => b.get('who')?.value), ['http://example.org/bob']);
  t.equal(await engine.queryBoolean('ASK { ?s <http://example.org/name> "Bob" }', { sources: [{ type: 'sparql', value: endpointUrl }] }), true);
});

t.test('Comunica v4: a Graph Store URL as an RDF document source', async (t) => {
  const engine = new QueryEngine();
  const graphUrl = `${storeUrl}?graph=${encodeURIComponent('http://example.org/graphs/people')}`;
  const bindings = await engine.queryBindings('SELECT ?name WHERE { ?s <http://example.org/name> ?name } ORDER BY ?name', {
    sources: [graphUrl],
  });
  t.same((await bindings.toArray()).map((b) => b.get('name')?.value), ['Carol', 'Dave']);
});
