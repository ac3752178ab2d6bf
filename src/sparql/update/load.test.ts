/** §3.1.4 LOAD: content negotiation, the format registry, INTO GRAPH, SILENT, and the fetch policy. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { storeWith } from './harness.ts';
import { LOAD_ACCEPT } from './load.ts';

const TURTLE = '@prefix : <http://example.org/> . :a :p "turtle" .';
const TRIG = '@prefix : <http://example.org/> . :inside { :b :p "trig" }';

/** Serves /data (Turtle, or N-Triples when asked only for that), /quads (TriG), /plain.nt (text/plain), /bad (broken Turtle). */
async function serve(t: Test): Promise<{ base: string; accepts: string[] }> {
  const accepts: string[] = [];
  const server = createServer((req, res) => {
    accepts.push(req.headers.accept ?? '');
    switch (req.url) {
      case '/data': res.writeHead(200, { 'content-type': 'text/turtle' }).end(TURTLE); return;
      case '/quads': res.writeHead(200, { 'content-type': 'application/trig' }).end(TRIG); return;
      case '/plain.nt': res.writeHead(200, { 'content-type': 'text/plain' }).end('<http://example.org/c> <http://example.org/p> "nt" .\n'); return;
      case '/bad': res.writeHead(200, { 'content-type': 'text/turtle' }).end('<http://example.org/d> <http://example.org/p> "ok" . this is not turtle'); return;
      case '/unknown': res.writeHead(200, { 'content-type': 'image/png' }).end('PNG'); return;
      default: res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, accepts };
}

const LOCAL = { fetchPolicy: { allowLoopback: true } };

t.test('LOAD parses by media type into the default graph, or INTO GRAPH', async (t) => {
  const { base, accepts } = await serve(t);
  const s = await storeWith();
  await s.update(`LOAD <${base}/data>`, {}, LOCAL);
  await s.update(`LOAD <${base}/data> INTO GRAPH :g`, {}, LOCAL);
  await s.update(`LOAD <${base}/plain.nt>`, {}, LOCAL);
  t.same(s.lines(), ['<:a> <:p> "turtle"', '<:a> <:p> "turtle" <:g>', '<:c> <:p> "nt"']);
  t.equal(accepts[0], LOAD_ACCEPT, 'the request negotiates over every RDF format we parse');
  t.match(LOAD_ACCEPT, /^text\/turtle, /);
  await s.close();
});

t.test('LOAD of a quads format keeps its graphs unless INTO GRAPH is given', async (t) => {
  const { base } = await serve(t);
  const s = await storeWith();
  await s.update(`LOAD <${base}/quads>`, {}, LOCAL);
  await s.update(`LOAD <${base}/quads> INTO GRAPH :g`, {}, LOCAL);
  t.same(s.lines(), ['<:b> <:p> "trig" <:g>', '<:b> <:p> "trig" <:inside>']);
  await s.close();
});

t.test('a failed LOAD fails the request; LOAD SILENT adds nothing and goes on', async (t) => {
  const { base } = await serve(t);
  const s = await storeWith(':x :p 1 .');
  const before = s.lines();
  for (const path of ['/bad', '/missing', '/unknown']) {
    await t.rejects(s.update(`INSERT DATA { :y :p 2 } ; LOAD <${base}${path}>`, {}, LOCAL), { name: 'LoadError' }, path);
    t.same(s.lines(), before, `${path}: the request is rolled back`);
  }
  await s.update(`LOAD SILENT <${base}/bad> ; INSERT DATA { :y :p 2 }`, {}, LOCAL);
  t.same(s.lines(), [...before, '<:y> <:p> "2"^^<http://www.w3.org/2001/XMLSchema#integer>'], 'the partial document is not loaded');
  await s.close();
});

t.test('LOAD goes through the fetch policy: loopback is refused by default', async (t) => {
  const { base } = await serve(t);
  const s = await storeWith();
  await t.rejects(s.update(`LOAD <${base}/data>`), { name: 'LoadError', message: /loopback/ });
  await s.update(`LOAD SILENT <${base}/data>`);
  t.same(s.lines(), []);
  await s.close();
});

t.test('LOAD of a file: URL, only under the configured roots, parsed by its extension', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'svc-load-'));
  await writeFile(path.join(dir, 'data.nt'), '<http://example.org/f> <http://example.org/p> "file" .\n');
  const url = pathToFileURL(path.join(dir, 'data.nt')).href;
  const s = await storeWith();
  await t.rejects(s.update(`LOAD <${url}>`), { name: 'LoadError', message: /allowed roots/ });
  await s.update(`LOAD <${url}> INTO GRAPH :files`, {}, { fetchPolicy: { fileRoots: [dir] } });
  t.same(s.lines(), ['<:f> <:p> "file" <:files>']);
  await s.close();
});
