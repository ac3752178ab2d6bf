/** The route table: segment matching, decoded path parameters, 404, 405 with Allow, HEAD where GET is. */
import t from 'tap';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Exchange } from './exchange.ts';
import { route, Router } from './router.ts';
import { ProtocolError } from '../protocol/errors.ts';
import { boundaryOf, splitMultipart } from './multipart.ts';

const exchange = (method: string, url: string) =>
  new Exchange({ method, url, headers: { host: 'h' } } as IncomingMessage, {} as ServerResponse, 1000);

const seen: string[] = [];
const handler = (name: string) => async () => void seen.push(name);
const router = new Router([
  route('GET', '/repositories/:repo', handler('query')),
  route('DELETE', '/repositories/:repo', handler('remove')),
  route(['PUT', 'POST'], '/repositories/:repo/namespaces/:prefix', handler('namespace')),
]);

t.test('matches and decodes path parameters', async (t) => {
  const e = exchange('GET', '/repositories/my%20repo?query=x');
  await router.resolve(e)(e);
  t.same(e.pathParams, { repo: 'my repo' });
  const empty = exchange('PUT', '/repositories/r/namespaces/');
  router.resolve(empty);
  t.equal(empty.pathParams['prefix'], '', 'an empty segment is the empty prefix');
});

t.test('HEAD is served by the GET route', async (t) => {
  t.doesNotThrow(() => router.resolve(exchange('HEAD', '/repositories/r')));
});

function failure(method: string, url: string): ProtocolError {
  try {
    router.resolve(exchange(method, url));
  } catch (e) {
    if (e instanceof ProtocolError) return e;
  }
  throw new Error(`${method} ${url} did not fail with a ProtocolError`);
}

t.test('unknown paths are 404, wrong methods 405 with Allow, bad escapes 400', async (t) => {
  t.equal(failure('GET', '/nowhere').status, 404);
  const wrong = failure('PATCH', '/repositories/r');
  t.equal(wrong.status, 405);
  t.match(wrong.headers['Allow'], /GET/);
  t.match(wrong.headers['Allow'], /DELETE/);
  t.equal(failure('GET', '/repositories/%E0%A4%A').status, 400);
});

t.test('multipart/form-data: boundary and parts with their Content-Type', async (t) => {
  t.equal(boundaryOf('multipart/form-data; boundary="a b"'), 'a b');
  t.throws(() => boundaryOf('multipart/form-data'), ProtocolError);
  const body = Buffer.from('preamble\r\n--X\r\nContent-Type: text/turtle\r\n\r\nONE\r\n--X\r\ncontent-type: application/n-triples\r\n\r\nTWO\r\n--X--\r\n');
  const parts = splitMultipart(body, 'X');
  t.same(parts.map((p) => [p.contentType, p.body.toString()]), [['text/turtle', 'ONE'], ['application/n-triples', 'TWO']]);
  t.throws(() => splitMultipart(Buffer.from('--X\r\n\r\nunterminated'), 'X'), ProtocolError);
});
