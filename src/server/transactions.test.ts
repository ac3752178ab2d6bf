/** §4.12–4.14 transactions over HTTP: lifecycle, actions in both forms, wildcard DELETE, expiry, serialisation. */
import t from 'tap';
import { startServer, type RunningServer } from './app.ts';
import { FakeHost } from './testing/fakeRepository.ts';

const host = new FakeHost('r1');
let server: RunningServer;
let base: string;

t.before(async () => {
  server = await startServer({ port: 0, repositories: host, transactionTimeoutSeconds: 1 });
  base = server.url;
});
t.teardown(() => server.close());
t.beforeEach(() => {
  host.get('r1')!.quads = [];
});

const repo = (path = '') => `${base}/repositories/r1${path}`;
const nt = '<http://ex/s> <http://ex/p> <http://ex/o> .\n<http://ex/s> <http://ex/p> "x" <http://ex/g> .\n';

async function begin(query = ''): Promise<string> {
  const res = await fetch(repo('/transactions' + query), { method: 'POST' });
  if (res.status !== 201) throw new Error(`begin: ${res.status} ${await res.text()}`);
  return res.headers.get('location')!;
}

const put = (url: string, init: RequestInit = {}) => fetch(url, { method: 'PUT', ...init });

t.test('§4.12 begin answers 201 with an absolute Location holding a UUID', async (t) => {
  const location = await begin();
  t.match(location, new RegExp(`^${repo('/transactions/')}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`));
  t.equal((await fetch(location, { method: 'DELETE' })).status, 204);
});

t.test('§4.13 ADD, SIZE, GET, QUERY, UPDATE inside; invisible outside until COMMIT; then ended', async (t) => {
  const txn = await begin();
  const add = await put(`${txn}?action=ADD`, { headers: { 'Content-Type': 'application/n-quads' }, body: nt });
  t.equal(add.status, 200);
  t.equal(await (await put(`${txn}?action=SIZE`)).text(), '2');
  t.equal(await (await fetch(repo('/size'))).text(), '0', 'not visible outside');
  const get = await put(`${txn}?action=GET&obj=${encodeURIComponent('"x"')}`, { headers: { Accept: 'application/n-quads' } });
  t.equal(get.status, 200);
  t.equal((await get.text()).trim().split('\n').length, 1);
  const query = await put(`${txn}?action=QUERY`, { headers: { 'Content-Type': 'application/sparql-query', Accept: 'text/boolean' }, body: 'ASK {}' });
  t.equal(query.status, 200);
  t.equal(await query.text(), 'true');
  const byParam = await put(`${txn}?action=QUERY&query=ASK%7B%7D`, { headers: { Accept: 'text/boolean' } });
  t.equal(await byParam.text(), 'true');
  const update = await put(`${txn}?action=UPDATE`, { headers: { 'Content-Type': 'application/sparql-update' }, body: 'INSERT DATA { <http://ex/a> <http://ex/b> <http://ex/c> }' });
  t.equal(update.status, 204);
  t.equal((await put(`${txn}?action=PREPARE`)).status, 200);
  t.equal((await put(`${txn}?action=COMMIT`)).status, 200);
  t.equal(await (await fetch(repo('/size'))).text(), '3');
  const after = await put(`${txn}?action=SIZE`);
  t.equal(after.status, 404);
  t.match(await after.text(), /committed/);
});

t.test('§4.14 DELETE rolls back (204); the transaction is then gone', async (t) => {
  const txn = await begin();
  await put(`${txn}?action=ADD`, { headers: { 'Content-Type': 'application/n-quads' }, body: nt });
  t.equal((await fetch(txn, { method: 'DELETE' })).status, 204);
  t.equal(await (await fetch(repo('/size'))).text(), '0');
  const after = await put(`${txn}?action=COMMIT`);
  t.equal(after.status, 404);
  t.match(await after.text(), /rolled back/);
});

t.test('RDF4J sub-path actions and POST work like ?action=', async (t) => {
  const txn = await begin();
  t.equal((await fetch(`${txn}/add`, { method: 'POST', headers: { 'Content-Type': 'application/n-quads' }, body: nt })).status, 200);
  t.equal(await (await put(`${txn}/size`)).text(), '2');
  t.equal((await put(`${txn}/commit`)).status, 200);
  t.equal(await (await fetch(repo('/size'))).text(), '2');
  const second = await begin();
  t.equal((await fetch(`${second}/rollback`, { method: 'DELETE' })).status, 204);
});

t.test('DELETE action: wildcards, statements without context match every context, nil = default graph', async (t) => {
  host.get('r1')!.quads = [];
  const txn = await begin();
  await put(`${txn}?action=ADD`, { headers: { 'Content-Type': 'application/n-quads' }, body: nt + '<http://ex/t> <http://ex/p> <http://ex/o> .\n<http://ex/t> <http://ex/p> <http://ex/o> <http://ex/g> .\n' });
  const wildcard = '<http://ex/s> <http://www.openrdf.org/schema/sesame#wildcard> <http://svc.org/schema/svc#wildcard> .\n';
  t.equal((await put(`${txn}?action=DELETE`, { headers: { 'Content-Type': 'application/n-quads' }, body: wildcard })).status, 200);
  t.equal(await (await put(`${txn}?action=SIZE`)).text(), '2');
  const nil = '<http://ex/t> <http://ex/p> <http://ex/o> <http://rdf4j.org/schema/rdf4j#nil> .\n';
  await put(`${txn}?action=DELETE`, { headers: { 'Content-Type': 'application/n-quads' }, body: nil });
  const left = await put(`${txn}?action=GET`, { headers: { Accept: 'application/n-quads' } });
  t.equal((await left.text()).trim(), '<http://ex/t> <http://ex/p> <http://ex/o> <http://ex/g> .');
  await fetch(txn, { method: 'DELETE' });
});

t.test('PING answers the idle timeout in milliseconds', async (t) => {
  const txn = await begin();
  const ping = await fetch(`${txn}?action=PING`, { method: 'POST' });
  t.equal(ping.status, 200);
  t.equal(await ping.text(), '1000');
  await fetch(txn, { method: 'DELETE' });
});

t.test('an idle transaction expires, is rolled back, and later requests are told so (404)', async (t) => {
  const txn = await begin();
  await put(`${txn}?action=ADD`, { headers: { 'Content-Type': 'application/n-quads' }, body: nt });
  await new Promise((r) => setTimeout(r, 1300));
  const late = await put(`${txn}?action=COMMIT`);
  t.equal(late.status, 404);
  t.match(await late.text(), /expired/);
  t.equal(await (await fetch(repo('/size'))).text(), '0');
});

t.test('requests on one transaction run one after another', async (t) => {
  const txn = await begin();
  const adds = Array.from({ length: 10 }, (_, i) =>
    put(`${txn}?action=ADD`, { headers: { 'Content-Type': 'application/n-triples' }, body: `<http://ex/s${i}> <http://ex/p> "${i}" .\n` }),
  );
  const statuses = (await Promise.all(adds)).map((r) => r.status);
  t.same(statuses, Array(10).fill(200));
  t.equal(await (await put(`${txn}?action=SIZE`)).text(), '10');
  await put(`${txn}?action=COMMIT`);
});

t.test('isolation levels and settings: unsupported → 400; legacy IRI and setting forms accepted', async (t) => {
  const bad = await fetch(repo('/transactions?isolation-level=SERIALIZABLE'), { method: 'POST' });
  t.equal(bad.status, 400);
  const garbage = await fetch(repo('/transactions?isolation-level=SOMETIMES'), { method: 'POST' });
  t.equal(garbage.status, 400);
  const legacy = await begin('?isolation-level=' + encodeURIComponent('http://www.openrdf.org/schema/sesame#SNAPSHOT'));
  await fetch(legacy, { method: 'DELETE' });
  const form = await fetch(repo('/transactions'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'transaction-setting__org.eclipse.rdf4j.common.transaction.IsolationLevel=NONE',
  });
  t.equal(form.status, 201);
  await fetch(form.headers.get('location')!, { method: 'DELETE' });
});

t.test('bad transaction requests: missing or unknown action, malformed id, unknown id, GET', async (t) => {
  const txn = await begin();
  t.equal((await put(txn)).status, 400);
  t.equal((await put(`${txn}?action=FLY`)).status, 400);
  t.equal((await put(repo('/transactions/not-a-uuid?action=SIZE'))).status, 400);
  const unknown = await put(repo('/transactions/00000000-0000-4000-8000-000000000000?action=SIZE'));
  t.equal(unknown.status, 404);
  t.match(await unknown.text(), /not registered/);
  t.equal((await fetch(txn)).status, 405);
  await fetch(txn, { method: 'DELETE' });
});
