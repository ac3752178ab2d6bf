/**
 * Mock SERVICE endpoints for the W3C federation tests (w3c-suites.md §4.2
 * `qt:serviceData`): while a test runs, `fetch` to an endpoint named in the
 * action answers a SPARQL 1.1 Protocol POST from that endpoint's data with our
 * own engine and SPARQL JSON writer; any other URL fails like an unreachable
 * host. The real `fetch` is restored afterwards; nothing leaves the process.
 */
import { tupleFormatFor } from '../../src/formats/registry.ts';
import { defaultGraph, type Term } from '../../src/rdf/terms.ts';
import type { SailConnection } from '../../src/sail/sail.ts';
import { prepareQuery } from '../../src/sparql/engine.ts';

export interface MockEndpoint {
  readonly url: string;
  readonly connection: SailConnection;
}

/** Runs `body` with `fetch` answering for the given endpoints. */
export async function withMockEndpoints<T>(endpoints: readonly MockEndpoint[], body: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const byUrl = new Map(endpoints.map((e) => [e.url, e.connection]));
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const connection = byUrl.get(url);
    if (!connection) throw new TypeError(`fetch failed: no mock endpoint at ${url}`);
    return answer(connection, String(init?.body ?? ''));
  }) as typeof fetch;
  try {
    return await body();
  } finally {
    globalThis.fetch = realFetch;
  }
}

async function answer(connection: SailConnection, text: string): Promise<Response> {
  const result = prepareQuery(text).evaluate(connection, { dataset: { defaultGraphs: [defaultGraph()], namedGraphs: [] } });
  if (result.kind !== 'bindings') return new Response('only SELECT is mocked', { status: 400 });
  const format = tupleFormatFor('application/sparql-results+json')!;
  const chunks: (string | Uint8Array)[] = [];
  const writer = format.writer!({ write: (chunk) => chunks.push(chunk) }, result.variables);
  for await (const batch of result.solutions) for (const solution of batch) writer.solution(solution as readonly (Term | undefined)[]);
  writer.end();
  const body = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
  return new Response(body, { headers: { 'content-type': 'application/sparql-results+json' } });
}
