/**
 * Streaming of §4.5 exports: batches are pulled only as fast as the client
 * reads (backpressure), a client that goes away stops the export and frees the
 * connection, and a failure after the first bytes aborts the response instead
 * of ending a 200 quietly.
 */
import t from 'tap';
import { get } from 'node:http';
import { startServer, type RunningServer } from './app.ts';
import { FakeHost, type FakeRepository } from './testing/fakeRepository.ts';
import { literal, namedNode, quad } from '../rdf/terms.ts';

const host = new FakeHost('big');
const repo = host.get('big') as FakeRepository;
const TOTAL = 100_000;
repo.batchSize = 500;
repo.quads = Array.from({ length: TOTAL }, (_, i) => quad(namedNode(`http://example.org/s${i}`), namedNode('http://example.org/p'), literal('x'.repeat(200) + i)));
const batches = TOTAL / repo.batchSize;

let server: RunningServer;
t.before(async () => {
  server = await startServer({ port: 0, repositories: host });
});
t.teardown(() => server.close());
t.beforeEach(() => {
  repo.batchesPulled = 0;
  repo.failAfterFirstBatch = false;
});

const url = () => `${server.url}/repositories/big/statements?Accept=${encodeURIComponent('application/n-triples')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('a paused client holds the export back; resuming completes it', async (t) => {
  const received = await new Promise<number>((resolve, reject) => {
    get(url(), (res) => {
      res.pause();
      void sleep(300).then(() => {
        t.ok(repo.batchesPulled < batches / 2, `only ${repo.batchesPulled} of ${batches} batches pulled while the client did not read`);
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          for (const byte of chunk) if (byte === 10) lines++;
        });
        res.on('end', () => resolve(lines));
        res.resume();
      });
    }).on('error', reject);
  });
  t.equal(received, TOTAL);
  t.equal(repo.batchesPulled, batches);
});

t.test('a client that goes away stops the export and the connection is released', async (t) => {
  await new Promise<void>((resolve) => {
    const req = get(url(), (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => undefined);
  });
  await sleep(300);
  t.ok(repo.batchesPulled < batches, `stopped after ${repo.batchesPulled} of ${batches} batches`);
  t.equal(repo.openConnections, 0);
});

t.test('a failure after streaming began aborts the response', async (t) => {
  repo.failAfterFirstBatch = true;
  const outcome = await fetch(url()).then((res) => res.text()).then(() => 'complete', () => 'aborted');
  t.equal(outcome, 'aborted', 'the client sees a broken response, not a complete one');
  await sleep(50);
  t.equal(repo.openConnections, 0);
});

t.test('a failure before the first batch is a proper error response', async (t) => {
  const res = await fetch(`${server.url}/repositories/big/statements?subj=${encodeURIComponent('"literal"')}`);
  t.equal(res.status, 400);
  t.equal(repo.openConnections, 0);
});

t.test('a failure within a small document is still a proper error response', async (t) => {
  const small = new FakeHost('small');
  const repository = small.get('small')!;
  repository.quads = repo.quads.slice(0, 10);
  repository.failAfterFirstBatch = true;
  const other = await startServer({ port: 0, repositories: small });
  t.teardown(() => other.close());
  const res = await fetch(`${other.url}/repositories/small/statements`);
  t.equal(res.status, 500);
  t.match(await res.text(), /^INTERNAL ERROR: the store failed mid-export/);
});
