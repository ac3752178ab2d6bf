/**
 * The handler for HTTP-in-RDF tests (w3c-suites.md §5): `mf:ProtocolTest` and
 * `mf:GraphStoreProtocolTest` entries whose `mf:action` is an `ht:Connection`
 * with an ordered `ht:requests` list. Runs each request against the server
 * under test and checks `mf:expectedStatus`, `mf:expectedFormat`,
 * `mf:expectedBoolean`, response `ht:headers` (media types compared loosely),
 * an `ht:body` (RDF: isomorphic), `mf:expectedLocation` (`$LOCATION$`), and our
 * `svc:expectedBodyPattern` (a regular expression over the body text).
 *
 * Paths are mapped onto one repository (spec §2.1): the W3C `/sparql/…` onto
 * `/repositories/<id>`, the W3C `/gsp?…` onto `/rdf-graphs/service?…`, a bare
 * `/gsp` onto `/rdf-graphs` (graph creation, decisions.md), `/gsp/<path>` onto
 * `/rdf-graphs/<path, one segment>`. Our manifests write `$REPOSITORY$` for the
 * repository id. Before each test the repository is emptied (§4.5 DELETE, §4.10
 * DELETE) and the test's `ut:graphData` loaded as named graphs (§4.5 POST).
 */
import type { Term } from '../../src/rdf/terms.ts';
import { bareMediaType, booleanFormatFor, rdfFormatFor, tupleFormatFor } from '../../src/formats/registry.ts';
import { PATHS, repositoryUrl, SVC_NS } from '../../src/protocol/constants.ts';
import { assertIsomorphic } from '../runner/compare-quads.ts';
import type { RunContext } from '../runner/context.ts';
import type { TestCase } from '../runner/manifest.ts';
import type { ManifestGraph } from '../runner/manifest-graph.ts';
import { parseQuads } from '../runner/rdf-input.ts';
import { TestFailure, TestSkipped, type HandlerTable } from '../runner/registry.ts';
import { HT_NS, MF, MF_NS, UT, RDFS_LABEL } from '../runner/vocab.ts';

const HT = {
  requests: HT_NS + 'requests',
  methodName: HT_NS + 'methodName',
  absolutePath: HT_NS + 'absolutePath',
  headers: HT_NS + 'headers',
  fieldName: HT_NS + 'fieldName',
  fieldValue: HT_NS + 'fieldValue',
  body: HT_NS + 'body',
  resp: HT_NS + 'resp',
};
const CNT_CHARS = 'http://www.w3.org/2011/content#chars';
const HTS_NS = 'http://www.w3.org/2011/http-statusCodes#';
const MF_EXPECTED = {
  status: MF_NS + 'expectedStatus',
  format: MF_NS + 'expectedFormat',
  boolean: MF_NS + 'expectedBoolean',
  location: MF_NS + 'expectedLocation',
};
/** Our extensions: which profile a case belongs to, and a body pattern. */
export const SVC_TEST = {
  profile: SVC_NS + 'profile',
  expectedBodyPattern: SVC_NS + 'expectedBodyPattern',
  covers: SVC_NS + 'covers',
};

/** Status names of the `hts:` vocabulary used by the manifests, and the classes. */
const STATUS_CODES: Record<string, number> = {
  OK: 200, Created: 201, NoContent: 204, BadRequest: 400, NotFound: 404, MethodNotAllowed: 405,
  NotAcceptable: 406, Conflict: 409, RequestEntityTooLarge: 413, UnsupportedMediaType: 415,
  InternalServerError: 500, ServiceUnavailable: 503,
};

interface Exchange {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** Runs one HTTP-in-RDF test against `ctx.endpoint`. */
export async function runHttpTest(test: TestCase, ctx: RunContext): Promise<void> {
  if (!ctx.endpoint) throw new TestSkipped('needs a server: --endpoint URL');
  const graph = test.manifest.graph;
  const profile = graph.value(test.node, SVC_TEST.profile);
  if (profile === 'svc' && ctx.profile === 'spec') throw new TestSkipped('checks an svc decision, not the spec (profile spec)');
  const repository = ctx.repository ?? 'default';
  const base = ctx.endpoint.href.replace(/\/+$/, '');
  await resetRepository(base, repository);
  await loadGraphData(test, ctx, base, repository);
  const requests = test.action === undefined ? [] : graph.lists(test.action, HT.requests);
  let location: string | undefined;
  for (const [index, request] of requests.entries()) {
    const what = `request ${index + 1} (${graph.value(request, HT.methodName)} ${graph.value(request, HT.absolutePath)})`;
    const substitute = (text: string) => {
      const named = text.replaceAll('$REPOSITORY$', repository);
      return location === undefined ? named : named.replaceAll('$LOCATION$', location);
    };
    const response = await send(graph, request, base, repository, substitute);
    const expected = graph.object(request, HT.resp);
    if (expected === undefined) continue;
    await check(graph, expected, response, what, substitute);
    if (graph.value(expected, MF_EXPECTED.location) !== undefined) {
      location = response.headers.get('location') ?? undefined;
      if (location === undefined) throw new TestFailure(`${what}: no Location header`);
    }
  }
}

export const httpTestHandlers: HandlerTable = {
  [MF.ProtocolTest]: runHttpTest,
  [MF.GraphStoreProtocolTest]: runHttpTest,
};

/** The server URL for a manifest path. */
export function mapPath(path: string, base: string, repository: string): string {
  if (path.startsWith('$LOCATION$') || /^https?:/.test(path)) return path;
  const repo = repositoryUrl(base, repository);
  const replaced = path.replaceAll('$REPOSITORY$', encodeURIComponent(repository));
  if (replaced.startsWith('/sparql')) return repo + replaced.slice('/sparql'.length).replace(/^\/(?=\?|$)/, '');
  if (replaced.startsWith('/gsp?')) return `${repo}/${PATHS.rdfGraphs}/${PATHS.graphStoreService}${replaced.slice(4)}`;
  if (replaced === '/gsp') return `${repo}/${PATHS.rdfGraphs}`;
  if (replaced.startsWith('/gsp/')) return `${repo}/${PATHS.rdfGraphs}/${encodeURIComponent(replaced.slice(5))}`;
  return base + replaced;
}

async function send(graph: ManifestGraph, request: Term, base: string, repository: string, substitute: (s: string) => string): Promise<Exchange> {
  const method = graph.value(request, HT.methodName) ?? 'GET';
  const url = mapPath(substitute(graph.value(request, HT.absolutePath) ?? '/'), base, repository);
  const headers = new Headers();
  for (const header of graph.lists(request, HT.headers)) {
    headers.set(graph.value(header, HT.fieldName)!, graph.value(header, HT.fieldValue) ?? '');
  }
  const bodyNode = graph.object(request, HT.body);
  const text = bodyNode === undefined ? undefined : graph.value(bodyNode, CNT_CHARS);
  // Bytes, not a string: fetch would otherwise invent a text/plain Content-Type.
  const body = text === undefined ? undefined : new TextEncoder().encode(substitute(text));
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

async function check(graph: ManifestGraph, expected: Term, response: Exchange, what: string, substitute: (s: string) => string): Promise<void> {
  const text = new TextDecoder().decode(response.body);
  const fail = (message: string) => new TestFailure(`${what}: ${message}`, `status ${response.status}\n${text.slice(0, 2000)}`);
  const statuses = graph.objects(expected, MF_EXPECTED.status).map((s) => s.value);
  if (statuses.length > 0 && !statuses.some((s) => statusMatches(s, response.status))) {
    throw fail(`status ${response.status}, expected ${statuses.map((s) => s.replace(HTS_NS, 'hts:')).join(' or ')}`);
  }
  const mediaType = bareMediaType(response.headers.get('content-type') ?? '');
  let expectedMediaType = 'text/turtle';
  for (const header of graph.lists(expected, HT.headers)) {
    const name = graph.value(header, HT.fieldName)!.toLowerCase();
    const want = graph.value(header, HT.fieldValue) ?? '';
    const got = response.headers.get(name) ?? '';
    if (name === 'content-type') expectedMediaType = bareMediaType(want);
    const same = name === 'content-type' ? sameFormat(want, mediaType) : want === got;
    if (!same) throw fail(`header ${name}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  const format = graph.value(expected, MF_EXPECTED.format);
  if (format !== undefined && !formatMatches(format, mediaType)) throw fail(`content type ${mediaType} is not ${format}`);
  const booleanValue = graph.value(expected, MF_EXPECTED.boolean);
  if (booleanValue !== undefined) {
    const reader = booleanFormatFor(mediaType);
    if (!reader?.parse) throw fail(`cannot read a boolean from ${mediaType}`);
    const value = await reader.parse([response.body]);
    if (String(value) !== booleanValue) throw fail(`boolean ${value}, expected ${booleanValue}`);
  }
  const pattern = graph.value(expected, SVC_TEST.expectedBodyPattern);
  if (pattern !== undefined && !new RegExp(substitute(pattern)).test(text)) throw fail(`body does not match /${pattern}/`);
  const bodyNode = graph.object(expected, HT.body);
  const expectedText = bodyNode === undefined ? undefined : graph.value(bodyNode, CNT_CHARS);
  if (expectedText !== undefined) await compareRdf(substitute(expectedText), expectedMediaType, response, mediaType, fail);
}

/** Media types name the same format (aliases such as `text/plain` and `application/n-triples` count as one). */
function sameFormat(want: string, got: string): boolean {
  const bare = bareMediaType(want);
  if (bare === got) return true;
  const format = rdfFormatFor(bare) ?? booleanFormatFor(bare);
  return format !== undefined && format.mediaTypes.includes(got);
}

function statusMatches(iri: string, status: number): boolean {
  const name = iri.startsWith(HTS_NS) ? iri.slice(HTS_NS.length) : iri;
  const cls = /^StatusCode([1-5])xx$/.exec(name);
  if (cls) return Math.floor(status / 100) === Number(cls[1]);
  return STATUS_CODES[name] === status;
}

function formatMatches(kind: string, mediaType: string): boolean {
  switch (kind) {
    case 'boolean':
      return booleanFormatFor(mediaType) !== undefined;
    case 'tabular':
      return tupleFormatFor(mediaType) !== undefined;
    case 'RDF':
      return rdfFormatFor(mediaType) !== undefined;
    default:
      return false;
  }
}

/** The body must be an RDF document isomorphic to the expected one (written in the expected content type, else Turtle). */
async function compareRdf(expectedText: string, expectedMediaType: string, response: Exchange, mediaType: string, fail: (m: string) => Error): Promise<void> {
  const format = rdfFormatFor(mediaType);
  if (!format) throw fail(`expected an RDF body, got ${mediaType || 'no content type'}`);
  const base = 'http://www.example/';
  const expected = await parseQuads(rdfFormatFor(expectedMediaType) ?? rdfFormatFor('text/turtle')!, expectedText, base);
  const actual = await parseQuads(format, response.body, base);
  assertIsomorphic(expected, actual, 'response body');
}

/** Empties the repository: statements (§4.5 DELETE) and namespaces (§4.10 DELETE). */
async function resetRepository(base: string, repository: string): Promise<void> {
  for (const path of [PATHS.statements, PATHS.namespaces]) {
    const res = await fetch(repositoryUrl(base, repository, path), { method: 'DELETE' });
    if (res.status >= 300) throw new TestFailure(`cannot reset the repository: DELETE ${path} answered ${res.status}`);
  }
}

/** `ut:graphData [ ut:graph <file>; rdfs:label "name" ]`: each file into the named graph `name` (§4.5 POST). */
async function loadGraphData(test: TestCase, ctx: RunContext, base: string, repository: string): Promise<void> {
  const graph = test.manifest.graph;
  for (const data of graph.objects(test.node, UT.graphData)) {
    const file = graph.object(data, UT.graph)!;
    const name = graph.value(data, RDFS_LABEL) ?? file.value;
    const format = rdfFormatFor(file.value.slice(file.value.lastIndexOf('.') + 1))!;
    const url = `${repositoryUrl(base, repository, PATHS.statements)}?context=${encodeURIComponent(`<${name}>`)}&baseURI=${encodeURIComponent(`<${file.value}>`)}`;
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': format.mediaTypes[0]! }, body: await ctx.files.read(file.value) });
    if (res.status >= 300) throw new TestFailure(`cannot load ${file.value}: ${res.status} ${await res.text()}`);
  }
}
