/** The `svc` command line contract: commands, flags, exit codes. */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, serveOptions } from './main.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

t.test('--help prints the usage and exits 0; no command exits 2', async (t) => {
  const help = capture();
  t.equal(await main(['--help'], help.io), 0);
  t.match(help.out.join('\n'), /svc serve .*--port/);
  t.match(help.out.join('\n'), /svc conformance --endpoint URL/);
  const none = capture();
  t.equal(await main([], none.io), 2);
});

t.test('an unknown command exits 2 naming it', async (t) => {
  const c = capture();
  t.equal(await main(['frobnicate'], c.io), 2);
  t.match(c.err.join('\n'), /unknown command: frobnicate/);
});

t.test('serve flags map onto server options, with defaults', async (t) => {
  t.same(serveOptions([]), {
    host: '127.0.0.1',
    port: 8080,
    dataDir: './data',
    protocolVersion: '8',
    transactionTimeoutSeconds: 60,
    maxBodyBytes: 1024 ** 3,
    queryTimeoutSeconds: 0,
  });
  const o = serveOptions(['--port', '9000', '--data-dir', '/tmp/x', '--protocol-version', '12', '--txn-timeout', '5', '--max-body', '100', '--query-timeout', '30']);
  t.equal(o?.port, 9000);
  t.equal(o?.dataDir, '/tmp/x');
  t.equal(o?.protocolVersion, '12');
  t.equal(o?.transactionTimeoutSeconds, 5);
  t.equal(o?.maxBodyBytes, 100);
  t.equal(o?.queryTimeoutSeconds, 30);
});

t.test('bad serve flags exit 2 with a message', async (t) => {
  for (const args of [['--port', 'eighty'], ['--protocol-version', '9'], ['--nope']]) {
    const c = capture();
    t.equal(await main(['serve', ...args], c.io), 2, args.join(' '));
    t.match(c.err.join('\n'), /usage:/);
  }
});

t.test('conformance without --endpoint exits 2', async (t) => {
  const c = capture();
  t.equal(await main(['conformance'], c.io), 2);
  t.match(c.err.join('\n'), /--endpoint/);
});

t.test('serve on a port that is taken exits 1 with the reason', async (t) => {
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => blocker.once('listening', resolve));
  t.teardown(() => void blocker.close());
  const port = (blocker.address() as AddressInfo).port;
  const dir = await mkdtemp(path.join(tmpdir(), 'svc-cli-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const c = capture();
  t.equal(await main(['serve', '--port', String(port), '--data-dir', dir], c.io), 1);
  t.match(c.err.join('\n'), /EADDRINUSE/);
});
