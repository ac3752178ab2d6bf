/**
 * §4.12–4.13 on the real store: two SERIALIZABLE transactions that each read
 * what the other writes conflict; the second COMMIT is 409 (decisions.md
 * principle 2) and leaves its transaction open so the client can roll it back.
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/server/app.ts';
import { MEMORY_REPOSITORY_CONFIG, TEST_REPOSITORY } from './repository.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'svc-conflict-'));
const server = await startServer({ port: 0, dataDir });
t.teardown(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});
const repository = `${server.url}/repositories/${TEST_REPOSITORY}`;
await fetch(repository, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: MEMORY_REPOSITORY_CONFIG });

async function begin(level: string): Promise<string> {
  const res = await fetch(`${repository}/transactions?isolation-level=${level}`, { method: 'POST' });
  t.equal(res.status, 201);
  return res.headers.get('location')!;
}

const add = (txn: string, value: string) =>
  fetch(`${txn}?action=ADD`, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: `<http://example.org/s> <http://example.org/p> "${value}" .` });
const read = (txn: string) => fetch(`${txn}?action=SIZE`, { method: 'PUT' }).then((r) => r.text());

t.test('write skew under SERIALIZABLE is 409 at COMMIT; the loser can still roll back', async (t) => {
  const first = await begin('SERIALIZABLE');
  const second = await begin('SERIALIZABLE');
  t.equal(await read(first), '0');
  t.equal(await read(second), '0');
  t.equal((await add(first, 'one')).status, 200);
  t.equal((await add(second, 'two')).status, 200);
  t.equal((await fetch(`${first}?action=COMMIT`, { method: 'PUT' })).status, 200);
  const loser = await fetch(`${second}?action=COMMIT`, { method: 'PUT' });
  t.equal(loser.status, 409);
  t.match(await loser.text(), /^CONFLICT: /);
  t.equal((await fetch(second, { method: 'DELETE' })).status, 204);
  t.equal(await (await fetch(`${repository}/size`)).text(), '1');
});
