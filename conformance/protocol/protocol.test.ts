/**
 * Runs every server suite (W3C Protocol, W3C Graph Store, our §4 cases) against
 * a real server: `startServer` on a random port with a temporary data
 * directory, and a non-persistent memory repository made for the run (§4.4
 * PUT). The same suites run against any server with `svc conformance --endpoint`.
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/server/app.ts';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { MEMORY_REPOSITORY_CONFIG, TEST_REPOSITORY } from './repository.ts';
import { PROTOCOL_SUITES, protocolSuiteFiles } from './suites.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'svc-protocol-'));
const server = await startServer({ port: 0, dataDir });
t.teardown(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const created = await fetch(`${server.url}/repositories/${TEST_REPOSITORY}`, {
  method: 'PUT',
  headers: { 'Content-Type': 'text/turtle' },
  body: MEMORY_REPOSITORY_CONFIG,
});
t.equal(created.status, 204, 'the test repository is created');

const ctx = createContext({ files: protocolSuiteFiles(), endpoint: new URL(server.url), repository: TEST_REPOSITORY, profile: 'svc' });
for (const suite of PROTOCOL_SUITES) {
  await t.test(suite.name, (t) => tapSuite(t, suite, ctx).then(() => undefined));
}

// Profile `spec` runs the same cases minus those that check an svc decision (they are skipped, not failed).
const specSuite = PROTOCOL_SUITES.find((s) => s.name === 'svc-protocol')!;
await t.test(`${specSuite.name} (profile spec)`, async (t) => {
  const run = await tapSuite(t, specSuite, { ...ctx, profile: 'spec' });
  t.ok(run.outcomes.some((o) => o.status === 'skipped'), 'svc-only cases are skipped under profile spec');
});

// covers: §8/request-size
await t.test('§8 a request body over the server limit is 413 and changes nothing', async (t) => {
  const limitedDir = await mkdtemp(path.join(tmpdir(), 'svc-limits-'));
  const limited = await startServer({ port: 0, dataDir: limitedDir, maxBodyBytes: 1024 });
  t.teardown(async () => {
    await limited.close();
    await rm(limitedDir, { recursive: true, force: true });
  });
  await fetch(`${limited.url}/repositories/${TEST_REPOSITORY}`, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: MEMORY_REPOSITORY_CONFIG });
  const statements = `${limited.url}/repositories/${TEST_REPOSITORY}/statements`;
  const body = '<http://example.org/s> <http://example.org/p> "' + 'x'.repeat(4096) + '" .';
  const res = await fetch(statements, { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body });
  t.equal(res.status, 413);
  t.match(await res.text(), /^REQUEST TOO LARGE: /);
  t.equal(await (await fetch(`${limited.url}/repositories/${TEST_REPOSITORY}/size`)).text(), '0');
});
