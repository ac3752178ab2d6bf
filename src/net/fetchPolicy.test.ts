/** The outbound fetch policy: host and address checks, redirects re-checked, size and time limits, file roots. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { fetchDocument, isLinkLocal, isLoopback, type FetchPolicy } from './fetchPolicy.ts';

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** A loopback server: /doc answers Turtle (echoing Accept), /big 1 MB, /slow never, /hop redirects to /doc, /away to a link-local host. */
async function serve(t: Test): Promise<string> {
  const server: Server = createServer((req, res) => {
    switch (req.url) {
      case '/doc': res.writeHead(200, { 'content-type': 'text/turtle; charset=utf-8' }).end(`# accept: ${req.headers.accept}\n`); return;
      case '/big': res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(1024 * 1024)); return;
      case '/slow': res.writeHead(200, { 'content-type': 'text/plain' }); res.write('partial'); return;
      case '/hop': res.writeHead(302, { location: '/doc' }).end(); return;
      case '/away': res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(); return;
      default: res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const LOCAL: FetchPolicy = { allowLoopback: true };

t.test('address classes', async (t) => {
  for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0.0.0.0']) t.ok(isLoopback(a), `${a} is loopback`);
  for (const a of ['169.254.169.254', 'fe80::1', '::ffff:169.254.1.1']) t.ok(isLinkLocal(a), `${a} is link-local`);
  for (const a of ['10.0.0.1', '93.184.216.34', '2001:db8::1']) t.notOk(isLoopback(a) || isLinkLocal(a), `${a} is neither`);
});

t.test('by default loopback, link-local, file: and odd schemes are refused', async (t) => {
  const base = await serve(t);
  await t.rejects(fetchDocument(`${base}/doc`, '*/*'), { name: 'FetchError', message: /loopback/ });
  await t.rejects(fetchDocument('http://localhost:1/doc', '*/*'), { name: 'FetchError', message: /loopback/ });
  await t.rejects(fetchDocument('http://169.254.169.254/latest/', '*/*'), { name: 'FetchError', message: /link-local/ });
  await t.rejects(fetchDocument('file:///etc/passwd', '*/*'), { name: 'FetchError', message: /file URLs/ });
  await t.rejects(fetchDocument('somescheme://x/y', '*/*'), { name: 'FetchError', message: /somescheme/ });
});

t.test('allowed fetches send Accept, report the media type, follow redirects', async (t) => {
  const base = await serve(t);
  const doc = await fetchDocument(`${base}/hop`, 'text/turtle', LOCAL);
  t.equal(doc.url, `${base}/doc`, 'the final URL is the base for parsing');
  t.equal(doc.mediaType, 'text/turtle');
  t.equal(await text(doc.body), '# accept: text/turtle\n');
});

t.test('every redirect hop is checked against the policy', async (t) => {
  const base = await serve(t);
  await t.rejects(fetchDocument(`${base}/away`, '*/*', LOCAL), { name: 'FetchError', message: /link-local/ });
  await t.rejects(fetchDocument(`${base}/hop`, '*/*', { ...LOCAL, maxRedirects: 0 }), { message: /too many redirects/ });
});

t.test('allow and deny lists by host name', async (t) => {
  const base = await serve(t);
  await t.rejects(fetchDocument(`${base}/doc`, '*/*', { ...LOCAL, deniedHosts: ['127.0.0.1'] }), { message: /denied/ });
  await t.rejects(fetchDocument(`${base}/doc`, '*/*', { ...LOCAL, allowedHosts: ['.example.org'] }), { message: /allowed list/ });
  const ok = await fetchDocument(`${base}/doc`, '*/*', { ...LOCAL, allowedHosts: ['127.0.0.1'] });
  t.match(await text(ok.body), /accept/);
});

t.test('size limit, timeout and HTTP errors', async (t) => {
  const base = await serve(t);
  const big = await fetchDocument(`${base}/big`, '*/*', { ...LOCAL, maxBytes: 1000 }).catch((e: Error) => e);
  if (big instanceof Error) t.match(big.message, /over the limit/);
  else await t.rejects(text(big.body), { message: /over the limit/ });
  const slow = await fetchDocument(`${base}/slow`, '*/*', { ...LOCAL, timeoutMs: 200 }).catch((e: Error) => e);
  if (slow instanceof Error) t.match(slow.name, /FetchError|TimeoutError/);
  else await t.rejects(text(slow.body));
  await t.rejects(fetchDocument(`${base}/missing`, '*/*', LOCAL), { message: /404/ });
});

t.test('file: URLs only under the configured roots', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'svc-fetch-'));
  await writeFile(path.join(dir, 'data.ttl'), '<http://a> <http://b> <http://c> .');
  const url = pathToFileURL(path.join(dir, 'data.ttl')).href;
  const doc = await fetchDocument(url, '*/*', { fileRoots: [dir] });
  t.match(await text(doc.body), /http:\/\/a/);
  t.equal(doc.mediaType, undefined);
  await t.rejects(fetchDocument(url, '*/*', { fileRoots: [path.join(dir, 'sub')] }), { message: /outside the allowed roots/ });
  await t.rejects(fetchDocument(pathToFileURL(path.join(dir, '..', 'x.ttl')).href, '*/*', { fileRoots: [dir] }), { message: /outside/ });
});
