/**
 * A minimal SPARQL 1.1 Protocol client (§2.1 query via GET) for the engines
 * the harness reaches over HTTP (svc's server, Virtuoso) and for the BSBM mix:
 * it asks for SPARQL JSON results, or N-Triples for CONSTRUCT/DESCRIBE, reads
 * the whole body and counts what it got.
 */
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';

/** Keep-alive, so request timings are not connection set-ups. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const GRAPH_FORMS = /^\s*(?:(?:PREFIX|BASE)\s[^\n]*\n\s*|#[^\n]*\n\s*)*(CONSTRUCT|DESCRIBE)\b/i;

export interface Endpoint {
  /** `http://127.0.0.1:PORT/path` of the SPARQL query service. */
  readonly url: string;
  /** Extra protocol parameters sent with every query (`default-graph-uri` …). */
  readonly params?: Readonly<Record<string, string>>;
}

/** Runs a query and resolves to its result count: rows, triples, or 1/0 for ASK. */
export async function countHttp(endpoint: Endpoint, sparql: string, timeoutMs?: number): Promise<number> {
  const graph = GRAPH_FORMS.test(stripComments(sparql));
  const url = new URL(endpoint.url);
  url.searchParams.set('query', sparql);
  for (const [k, v] of Object.entries(endpoint.params ?? {})) url.searchParams.set(k, v);
  const body = await get(url, graph ? 'application/n-triples' : 'application/sparql-results+json', timeoutMs);
  if (graph) return countTriples(body);
  const json = JSON.parse(body) as { boolean?: boolean; results?: { bindings: unknown[] } };
  if (typeof json.boolean === 'boolean') return json.boolean ? 1 : 0;
  if (!json.results) throw new Error(`${endpoint.url}: JSON without results or boolean`);
  return json.results.bindings.length;
}

function stripComments(sparql: string): string {
  return sparql.replace(/^\s*#.*$/gm, '');
}

function countTriples(body: string): number {
  return body.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')).length;
}

/** GET with an Accept header; rejects on a non-2xx status with the start of the body. */
export function get(url: URL, accept: string, timeoutMs?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`HTTP ${res.statusCode} from ${url.pathname}: ${text.slice(0, 200)}`));
        else resolve(text);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (timeoutMs !== undefined) req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.end();
  });
}

/** Sends a body (streamed from an async iterable) with POST or PUT; resolves when the server answered 2xx. */
export function send(method: 'POST' | 'PUT', url: URL, contentType: string, body: AsyncIterable<Uint8Array>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: { 'content-type': contentType } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`HTTP ${res.statusCode} from ${method} ${url.pathname}: ${text.slice(0, 200)}`));
        else resolve(text);
      });
    });
    req.on('error', reject);
    void (async () => {
      try {
        for await (const chunk of body) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        req.end();
      } catch (error) {
        req.destroy(error as Error);
      }
    })();
  });
}

/** A port nobody listens on right now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls until `url` answers at all (any status), or gives up after `timeoutMs`. */
export async function waitForHttp(url: URL, timeoutMs: number, alive: () => string | undefined): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const dead = alive();
    if (dead) throw new Error(dead);
    const up = await new Promise<boolean>((resolve) => {
      const req = request(url, { agent }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (up) return;
    if (Date.now() > end) throw new Error(`${url.origin} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
