/** The HTTP layer of §4 over a fake repository: statuses, headers, bodies, errors (§7), limits (§8). */
import t from 'tap';
import { startServer, type RunningServer } from './app.ts';
import { FakeHost } from './testing/fakeRepository.ts';

const host = new FakeHost('r1');

/** SPARQL 1.1 Query Results JSON, as far as these tests read it. */
interface ResultsJson {
  head: { vars: string[] };
  results: { bindings: Record<string, { value: string; datatype?: string }>[] };
}
const resultsOf = async (res: Response) => (await res.json()) as ResultsJson;
let server: RunningServer;
let base: string;

t.before(async () => {
  server = await startServer({ port: 0, repositories: host, maxBodyBytes: 10_000, transactionTimeoutSeconds: 1 });
  base = server.url;
});
t.teardown(() => server.close());
t.beforeEach(() => {
  host.get('r1')!.quads = [];
});

const repo = (path = '') => `${base}/repositories/r1${path}`;
const turtle = '<http://ex/s> <http://ex/p> "o" .\n<http://ex/s> <http://ex/p> <http://ex/o> .';

async function load(body = turtle, path = '/statements'): Promise<void> {
  const res = await fetch(repo(path), { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body });
  if (res.status !== 204) throw new Error(`load failed: ${res.status} ${await res.text()}`);
}

t.test('§4.1 GET /protocol answers the version as text/plain', async (t) => {
  const res = await fetch(`${base}/protocol`);
  t.equal(res.status, 200);
  t.match(res.headers.get('content-type'), /^text\/plain/);
  t.equal(await res.text(), '8');
});

t.test('§4.2 GET /repositories lists uri, id, title, readable, writable', async (t) => {
  const res = await fetch(`${base}/repositories`, { headers: { Accept: 'application/sparql-results+json' } });
  t.equal(res.status, 200);
  const json = await resultsOf(res);
  t.same(json.head.vars, ['uri', 'id', 'title', 'readable', 'writable']);
  const row = json.results.bindings[0]!;
  t.equal(row['uri']?.value, repo());
  t.equal(row['id']?.value, 'r1');
  t.equal(row['readable']?.datatype, 'http://www.w3.org/2001/XMLSchema#boolean');
});

t.test('§4.5 POST then GET statements round-trips, with filters', async (t) => {
  await load();
  const all = await fetch(repo('/statements'), { headers: { Accept: 'application/n-triples' } });
  t.equal(all.status, 200);
  t.match(all.headers.get('content-type'), /application\/n-triples/);
  t.equal((await all.text()).trim().split('\n').length, 2);
  const filtered = await fetch(repo(`/statements?obj=${encodeURIComponent('"o"')}`), { headers: { Accept: 'text/plain' } });
  t.equal((await filtered.text()).trim(), '<http://ex/s> <http://ex/p> "o" .');
});

t.test('§4.5 default export format is TriG; an Accept parameter overrides the header', async (t) => {
  await load();
  const res = await fetch(repo('/statements'));
  t.match(res.headers.get('content-type'), /^application\/(x-)?trig/);
  const byParam = await fetch(repo('/statements?Accept=' + encodeURIComponent('application/n-quads')), { headers: { Accept: 'text/turtle' } });
  t.match(byParam.headers.get('content-type'), /application\/n-quads/);
});

t.test('§4.5 context parameter: POST into a context, size per context, DELETE by context', async (t) => {
  await load(turtle, '/statements?context=' + encodeURIComponent('<http://ex/g>'));
  await load('<http://ex/a> <http://ex/b> <http://ex/c> .');
  t.equal(await (await fetch(repo('/size'))).text(), '3');
  t.equal(await (await fetch(repo('/size?context=' + encodeURIComponent('<http://ex/g>')))).text(), '2');
  t.equal(await (await fetch(repo('/size?context=null'))).text(), '1');
  const del = await fetch(repo('/statements?context=null'), { method: 'DELETE' });
  t.equal(del.status, 204);
  t.equal(await (await fetch(repo('/size'))).text(), '2');
});

t.test('§4.5 PUT replaces the data', async (t) => {
  await load();
  const res = await fetch(repo('/statements'), { method: 'PUT', headers: { 'Content-Type': 'application/n-triples' }, body: '<http://ex/x> <http://ex/y> <http://ex/z> .\n' });
  t.equal(res.status, 204);
  t.equal(await (await fetch(repo('/size'))).text(), '1');
});

t.test('§4.5 POST with a bad document is 400 MALFORMED DATA and changes nothing', async (t) => {
  const res = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: '<http://ex/s> <http://ex/p> .' });
  t.equal(res.status, 400);
  t.match(res.headers.get('content-type'), /^text\/plain; charset=UTF-8/);
  t.match(await res.text(), /^MALFORMED DATA: /);
  t.equal(host.get('r1')!.quads.length, 0);
});

t.test('§4.5 upload without or with an unknown Content-Type is 415', async (t) => {
  const none = await fetch(repo('/statements'), { method: 'POST', body: new Blob([turtle]) });
  t.equal(none.status, 415);
  const unknown = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'application/x-nope' }, body: turtle });
  t.equal(unknown.status, 415);
});

t.test('§4.5 POST update parameter and application/sparql-update body', async (t) => {
  const form = await fetch(repo('/statements'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ update: 'INSERT DATA { <http://ex/a> <http://ex/b> <http://ex/c> }' }),
  });
  t.equal(form.status, 204);
  const direct = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'application/sparql-update' }, body: 'INSERT DATA { <http://ex/a> <http://ex/b> "d" }' });
  t.equal(direct.status, 204);
  t.equal(host.get('r1')!.quads.length, 2);
  const empty = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'application/sparql-update' }, body: ' ' });
  t.equal(empty.status, 400);
});

t.test('§4.5 POST application/x-rdftransaction runs as one transaction', async (t) => {
  await load();
  const doc = `<transaction>
    <add><uri>http://ex/n</uri><uri>http://ex/p</uri><literal xml:lang="en">hi</literal><contexts><uri>http://ex/g</uri></contexts></add>
    <remove><uri>http://ex/s</uri><null/><null/></remove>
    <setNamespace prefix="ex" name="http://ex/"/>
  </transaction>`;
  const res = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'application/x-rdftransaction' }, body: doc });
  t.equal(res.status, 204);
  const quads = host.get('r1')!.quads;
  t.equal(quads.length, 1);
  t.equal(quads[0]!.graph.value, 'http://ex/g');
  t.equal(host.get('r1')!.namespaceMap.get('ex'), 'http://ex/');
  const bad = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'application/x-rdftransaction' }, body: '<transaction><add>' });
  t.equal(bad.status, 400);
  t.match(await bad.text(), /^MALFORMED DATA/);
});

t.test('§4.3 query: GET, POST form, POST sparql-query, result kinds and negotiation', async (t) => {
  await load();
  const ask = await fetch(repo('?query=ASK%7B%7D'), { headers: { Accept: 'text/boolean' } });
  t.equal(ask.status, 200);
  t.equal(await ask.text(), 'true');
  const select = await fetch(repo(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/sparql-results+json' },
    body: new URLSearchParams({ query: 'SELECT * {}', limit: '1' }),
  });
  t.equal(select.status, 200);
  t.equal((await resultsOf(select)).results.bindings.length, 1);
  const construct = await fetch(repo(), { method: 'POST', headers: { 'Content-Type': 'application/sparql-query', Accept: 'application/n-triples' }, body: 'CONSTRUCT {}' });
  t.equal(construct.status, 200);
  t.equal((await construct.text()).trim().split('\n').length, 2);
  const graphDefault = await fetch(repo('?query=CONSTRUCT%7B%7D'));
  t.match(graphDefault.headers.get('content-type'), /text\/turtle/);
  const none = await fetch(repo('?query=CONSTRUCT%7B%7D'), { headers: { Accept: 'application/sparql-results+json' } });
  t.equal(none.status, 406);
});

t.test('§4.3 parameters reach the engine decoded', async (t) => {
  const r = host.get('r1')!;
  r.requests.length = 0;
  const qs = new URLSearchParams({ query: 'SELECT * {}', infer: 'false', distinct: 'true', offset: '2', limit: '5', $x: '<http://ex/x>', 'default-graph-uri': 'http://ex/g', 'named-graph-uri': 'http://ex/h', queryLn: 'SPARQL' });
  const res = await fetch(repo('?' + qs));
  t.equal(res.status, 200);
  const request = r.requests[0] as import('../repository/api.ts').QueryRequest;
  t.equal(request.includeInferred, false);
  t.equal(request.distinct, true);
  t.equal(request.offset, 2);
  t.equal(request.limit, 5);
  t.equal(request.language, 'sparql');
  t.equal(request.bindings?.get('x')?.value, 'http://ex/x');
  t.equal(request.dataset?.defaultGraphs[0]?.value, 'http://ex/g');
  t.equal(request.dataset?.namedGraphs[0]?.value, 'http://ex/h');
});

t.test('§4.3 errors: missing query, two queries, malformed query, bad media type, bad binding', async (t) => {
  const missing = await fetch(repo());
  t.equal(missing.status, 400);
  t.equal((await fetch(repo('?query=ASK%7B%7D&query=ASK%7B%7D'))).status, 400);
  const malformed = await fetch(repo('?query=ASK%7B'));
  t.equal(malformed.status, 400);
  t.match(await malformed.text(), /^MALFORMED QUERY: /);
  t.equal((await fetch(repo(), { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'ASK {}' })).status, 415);
  t.equal((await fetch(repo(), { method: 'POST', headers: { 'Content-Type': 'application/sparql-query; charset=UTF-16' }, body: 'ASK {}' })).status, 415);
  const binding = await fetch(repo('?query=ASK%7B%7D&$x=notaterm'));
  t.equal(binding.status, 400);
  t.match(await binding.text(), /\$x/);
  t.equal((await fetch(repo('?query=ASK%7B%7D&queryLn=cobol'))).status, 400);
});

t.test('§8 timeout: the query is cancelled and answered 503', async (t) => {
  const res = await fetch(repo('?query=SLEEP&timeout=1'));
  t.equal(res.status, 503);
  t.match(await res.text(), /TIMEOUT/);
});

t.test('§8 body limit: 413', async (t) => {
  const big = '<http://ex/s> <http://ex/p> "' + 'x'.repeat(20_000) + '" .';
  const res = await fetch(repo('/statements'), { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: big });
  t.equal(res.status, 413);
});

t.test('HEAD on the query endpoint sends headers only', async (t) => {
  const res = await fetch(repo('?query=SELECT%20*%20%7B%7D'), { method: 'HEAD' });
  t.equal(res.status, 200);
  t.match(res.headers.get('content-type'), /sparql-results\+json/);
  t.equal(await res.text(), '');
});

t.test('unknown repository is 404, unknown path 404, wrong method 405 with Allow', async (t) => {
  const unknown = await fetch(`${base}/repositories/nope/size`);
  t.equal(unknown.status, 404);
  t.match(await unknown.text(), /nope/);
  t.equal((await fetch(`${base}/nothing/here`)).status, 404);
  const wrong = await fetch(repo('/size'), { method: 'DELETE' });
  t.equal(wrong.status, 405);
  t.match(wrong.headers.get('allow'), /GET/);
});

t.test('§4.7 contexts and §4.8 rdf-graphs list contextID', async (t) => {
  await load(turtle, '/statements?context=' + encodeURIComponent('<http://ex/g>'));
  for (const path of ['/contexts', '/rdf-graphs']) {
    const json = await resultsOf((await fetch(repo(path), { headers: { Accept: 'application/sparql-results+json' } })));
    t.same(json.head.vars, ['contextID'], path);
    t.equal(json.results.bindings[0]?.['contextID']?.value, 'http://ex/g', path);
  }
});

t.test('§4.10–4.11 namespaces', async (t) => {
  const put = await fetch(repo('/namespaces/ex'), { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'http://example.org/ ' });
  t.equal(put.status, 204);
  t.equal(await (await fetch(repo('/namespaces/ex'))).text(), 'http://example.org/');
  const list = await resultsOf((await fetch(repo('/namespaces'), { headers: { Accept: 'application/sparql-results+json' } })));
  t.same(list.head.vars, ['prefix', 'namespace']);
  t.equal(list.results.bindings.find((b) => b['prefix']!.value === 'ex')?.['namespace']?.value, 'http://example.org/');
  t.equal((await fetch(repo('/namespaces/ex'), { method: 'DELETE' })).status, 204);
  t.equal((await fetch(repo('/namespaces/ex'))).status, 404);
  t.equal((await fetch(repo('/namespaces/ex'), { method: 'PUT', body: 'not an iri' })).status, 400);
  t.equal((await fetch(repo('/namespaces'), { method: 'DELETE' })).status, 204);
});

t.test('§4.9 Graph Store: 201 on create, 204 on change, 404 when missing, direct and indirect', async (t) => {
  const indirect = repo('/rdf-graphs/service?graph=' + encodeURIComponent('http://ex/g1'));
  const put = () => fetch(indirect, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: turtle });
  t.equal((await put()).status, 201);
  t.equal((await put()).status, 204);
  const get = await fetch(indirect, { headers: { Accept: 'application/n-triples' } });
  t.equal(get.status, 200);
  t.equal((await get.text()).trim().split('\n').length, 2);
  t.equal((await fetch(indirect, { method: 'DELETE' })).status, 204);
  t.equal((await fetch(indirect)).status, 404);
  t.equal((await fetch(indirect, { method: 'HEAD' })).status, 404);
  t.equal((await fetch(indirect, { method: 'DELETE' })).status, 404);
  t.equal((await fetch(repo('/rdf-graphs/service'))).status, 400);
  t.equal((await fetch(repo('/rdf-graphs/service?default&graph=http://ex/x'))).status, 400);
  for (const def of ['?default', '?default=']) {
    const res = await fetch(repo('/rdf-graphs/service' + def), { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: turtle });
    t.equal(res.status, 204, def);
  }
  const direct = repo('/rdf-graphs/mygraph');
  t.equal((await fetch(direct, { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: turtle })).status, 201);
  t.ok(host.get('r1')!.quads.some((q) => q.graph.value === direct));
  const created = await fetch(repo('/rdf-graphs'), { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: turtle });
  t.equal(created.status, 201);
  const location = created.headers.get('location')!;
  t.match(location, /^http:\/\/.*\/repositories\/r1\/rdf-graphs\/[0-9a-f-]{36}$/);
  t.equal((await fetch(repo('/rdf-graphs/service?graph=' + encodeURIComponent(location)))).status, 200);
});

t.test('§4.9 POST multipart/form-data merges every part into the graph', async (t) => {
  const boundary = 'XyZ';
  const body = [`--${boundary}`, 'Content-Type: text/turtle', '', '<http://ex/a> <http://ex/b> "1" .', `--${boundary}`, 'Content-Type: application/n-triples', '', '<http://ex/a> <http://ex/b> "2" .', `--${boundary}--`, ''].join('\r\n');
  const res = await fetch(repo('/rdf-graphs/service?graph=http://ex/mp'), { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body });
  t.equal(res.status, 201);
  t.equal(host.get('r1')!.quads.filter((q) => q.graph.value === 'http://ex/mp').length, 2);
});

t.test('repository administration: PUT creates (409 when it exists), config round-trip, DELETE removes', async (t) => {
  const config = '[] a <tag:svc.org,2023:config/Repository> ; <tag:svc.org,2023:config/rep.id> "r2" .';
  const put = await fetch(`${base}/repositories/r2`, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: config });
  t.equal(put.status, 204);
  const again = await fetch(`${base}/repositories/r2`, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: config });
  t.equal(again.status, 409);
  t.match(await again.text(), /^REPOSITORY EXISTS/);
  const got = await fetch(`${base}/repositories/r2/config`, { headers: { Accept: 'application/n-triples' } });
  t.equal((await got.text()).trim().split('\n').length, 2);
  t.equal((await fetch(`${base}/repositories/r2/config`, { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: config })).status, 204);
  t.equal((await fetch(`${base}/repositories/r2`, { method: 'DELETE' })).status, 204);
  t.equal((await fetch(`${base}/repositories/r2`, { method: 'DELETE' })).status, 404);
});

t.test('§8 the server-wide query timeout caps a longer timeout parameter', async (t) => {
  const capped = await startServer({ port: 0, repositories: new FakeHost('r1'), queryTimeoutSeconds: 1 });
  t.teardown(() => capped.close());
  const started = Date.now();
  const res = await fetch(`${capped.url}/repositories/r1?query=SLEEP&timeout=30`);
  t.equal(res.status, 503);
  t.ok(Date.now() - started < 5000, 'answered after about a second, not thirty');
});

t.test('§4.9 Graph Store GET answers triples (Turtle by default); an empty PUT creates no graph', async (t) => {
  const graph = repo('/rdf-graphs/service?graph=' + encodeURIComponent('http://ex/triples'));
  await fetch(graph, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: turtle });
  const res = await fetch(graph);
  t.match(res.headers.get('content-type'), /^text\/turtle/);
  t.notMatch(await res.text(), /http:\/\/ex\/triples/, 'the graph name is not in the body');
  const empty = repo('/rdf-graphs/service?graph=' + encodeURIComponent('http://ex/empty'));
  t.equal((await fetch(empty, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: '' })).status, 204);
  t.equal((await fetch(empty)).status, 404);
});
