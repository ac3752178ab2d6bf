/**
 * The requests RDF4J's Java client (`HTTPRepository`, `RemoteRepositoryManager`)
 * sends, replayed against a live server exactly as rdf4j-facts §11 records them:
 * Binary RDF bodies, binary tuple results, `query` with no value plus a raw
 * body, form-encoded begin, PING, PREPARE, COMMIT expecting exactly 200 and
 * rollback exactly 204, repository creation with a Binary RDF config.
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/server/app.ts';
import { rdfFormatFor, tupleFormatFor } from '../../src/formats/registry.ts';
import type { Solution } from '../../src/formats/format.ts';
import { defaultGraph, literal, namedNode, quad, type Quad } from '../../src/rdf/terms.ts';
import { RDF4J_PROTOCOL_VERSION } from '../../src/protocol/constants.ts';
import { parseQuads } from '../runner/rdf-input.ts';

const BINARY_RDF = 'application/x-binary-rdf';
const BINARY_TABLE = 'application/x-binary-rdf-results-table';
/** The Accept header HTTPRepository sends for tuple results: its preferred format first, the others at q=0.8. */
const TUPLE_ACCEPT = `${BINARY_TABLE}, application/sparql-results+xml;q=0.8, application/sparql-results+json;q=0.8, text/csv;q=0.8`;
const RDF_ACCEPT = `${BINARY_RDF}, application/n-quads;q=0.8, application/x-trig;q=0.8, text/turtle;q=0.7, application/rdf+xml;q=0.4`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'svc-rdf4j-'));
const server = await startServer({ port: 0, dataDir, protocolVersion: RDF4J_PROTOCOL_VERSION });
t.teardown(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ex = (local: string) => namedNode(`http://example.org/${local}`);

function binaryRdf(quads: readonly Quad[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const writer = rdfFormatFor(BINARY_RDF)!.writer!({ write: (c) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c) });
  for (const q of quads) writer.quad(q);
  writer.end();
  return Buffer.concat(chunks);
}

async function tuples(res: Response): Promise<Solution[]> {
  const rows: Solution[] = [];
  await tupleFormatFor(BINARY_TABLE)!.parse!([new Uint8Array(await res.arrayBuffer())], { variables: () => undefined, solution: (s) => rows.push(s) });
  return rows;
}

const repositoryUrl = `${server.url}/repositories/java`;

t.test('RemoteRepositoryManager: GET /protocol (>= 9), then PUT a Binary RDF config in context <repo#id>', async (t) => {
  t.ok(Number(await (await fetch(`${server.url}/protocol`)).text()) >= 9);
  const node = namedNode(`${repositoryUrl}#java`);
  const C = (local: string) => namedNode(`tag:svc.org,2023:config/${local}`);
  const impl = namedNode('urn:x-impl');
  const sail = namedNode('urn:x-sail');
  const config = [
    quad(node, namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), C('Repository'), node),
    quad(node, C('rep.id'), literal('java'), node),
    quad(node, C('rep.impl'), impl, node),
    quad(impl, C('rep.type'), literal('openrdf:SailRepository'), node),
    quad(impl, C('sail.impl'), sail, node),
    quad(sail, C('sail.type'), literal('openrdf:MemoryStore'), node),
    quad(sail, C('mem.persist'), literal('false', namedNode('http://www.w3.org/2001/XMLSchema#boolean')), node),
  ];
  const res = await fetch(repositoryUrl, { method: 'PUT', headers: { 'Content-Type': BINARY_RDF }, body: binaryRdf(config) });
  t.equal(res.status, 204, await res.text());
});

t.test('HTTPRepository: a REST transaction with Binary RDF adds and wildcard removes', async (t) => {
  const begin = await fetch(`${repositoryUrl}/transactions`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
  t.equal(begin.status, 201);
  const txn = begin.headers.get('location')!;
  t.match(txn, /^http:\/\//, 'Location is absolute: the client uses it verbatim');

  const data = [quad(ex('s'), ex('p'), literal('1')), quad(ex('s'), ex('p'), literal('2'), ex('g')), quad(ex('t'), ex('p'), literal('3'))];
  const add = await fetch(`${txn}?action=ADD`, { method: 'PUT', headers: { 'Content-Type': BINARY_RDF }, body: binaryRdf(data) });
  t.ok(add.status < 300);

  // conn.remove(ex:s, null, null) — the client encodes the wildcard; no context = every context.
  const wildcard = namedNode('http://www.openrdf.org/schema/sesame#wildcard');
  const remove = await fetch(`${txn}?action=DELETE`, { method: 'PUT', headers: { 'Content-Type': BINARY_RDF }, body: binaryRdf([quad(ex('s'), wildcard, wildcard, defaultGraph())]) });
  t.ok(remove.status < 300);

  const query = await fetch(`${txn}?action=QUERY&queryLn=SPARQL&query&infer=true`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/sparql-query; charset=utf-8', Accept: TUPLE_ACCEPT },
    body: 'SELECT ?s ?o WHERE { ?s <http://example.org/p> ?o }',
  });
  t.equal(query.status, 200);
  t.match(query.headers.get('content-type'), BINARY_TABLE);
  t.same((await tuples(query)).map((row) => row.map((term) => term?.value)), [['http://example.org/t', '3']]);

  const statements = await fetch(`${txn}?action=GET&subj=${encodeURIComponent('<http://example.org/t>')}&infer=true`, { method: 'PUT', headers: { Accept: RDF_ACCEPT } });
  t.equal(statements.status, 200);
  t.match(statements.headers.get('content-type'), BINARY_RDF);
  t.equal((await parseQuads(rdfFormatFor(BINARY_RDF)!, new Uint8Array(await statements.arrayBuffer()), 'http://example.org/')).length, 1);

  const update = await fetch(`${txn}?action=UPDATE&queryLn=SPARQL&infer=true`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/sparql-update; charset=utf-8' },
    body: 'INSERT DATA { <http://example.org/u> <http://example.org/p> "4" }',
  });
  t.equal(update.status, 204);
  t.equal(await (await fetch(`${txn}?action=SIZE&context=null`, { method: 'PUT' })).text(), '2');

  const ping = await fetch(`${txn}?action=PING`, { method: 'POST' });
  t.equal(ping.status, 200);
  t.ok(Number(await ping.text()) > 0, 'PING answers a long: the idle timeout in ms');
  t.equal((await fetch(`${txn}?action=PREPARE`, { method: 'PUT' })).status, 200);
  t.equal((await fetch(`${txn}?action=COMMIT`, { method: 'PUT' })).status, 200, 'COMMIT must be exactly 200');

  const rolledBack = await fetch(`${repositoryUrl}/transactions`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'transaction-setting__org.eclipse.rdf4j.common.transaction.IsolationLevel=SNAPSHOT_READ' });
  t.equal((await fetch(rolledBack.headers.get('location')!, { method: 'DELETE' })).status, 204, 'rollback must be exactly 204');
});

t.test('HTTPRepository: queries and updates outside a transaction', async (t) => {
  const query = await fetch(repositoryUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: TUPLE_ACCEPT },
    body: new URLSearchParams({ queryLn: 'SPARQL', query: 'SELECT ?o WHERE { ?s <http://example.org/p> ?o } ORDER BY ?o', infer: 'true', $s: '<http://example.org/u>' }),
  });
  t.equal(query.status, 200);
  t.same((await tuples(query)).map((row) => row[0]?.value), ['4']);
  const update = await fetch(`${repositoryUrl}/statements`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams({ queryLn: 'SPARQL', update: 'DELETE WHERE { <http://example.org/u> ?p ?o }', infer: 'true' }),
  });
  t.ok(update.status < 300);
  t.equal(await (await fetch(`${repositoryUrl}/size`)).text(), '1');
  const namespace = await fetch(`${repositoryUrl}/namespaces/ex`, { method: 'PUT', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'http://example.org/' });
  t.equal(namespace.status, 204);
  t.equal((await fetch(repositoryUrl, { method: 'DELETE' })).status, 204);
});
