/**
 * What the two remote kinds share (spec §2.3 svc:HTTPRepository,
 * svc:SPARQLRepository; SPARQL 1.1 Protocol §2.1–2.2): HTTP requests with
 * optional basic authentication (spec §5), the query form that decides which
 * result formats to ask for, result bodies read through the format registry,
 * and remote error bodies (`LABEL: message`, rdf4j-facts §2.1) mapped back to
 * our typed errors.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ByteSource, Format, Solution } from '../../formats/format.ts';
import { ParseError } from '../../formats/format.ts';
import { BOOLEAN_FORMATS, booleanFormatFor, RDF_FORMATS, rdfFormatFor, TUPLE_FORMATS, tupleFormatFor } from '../../formats/registry.ts';
import { ERROR_LABEL } from '../../protocol/constants.ts';
import type { Quad } from '../../rdf/terms.ts';
import { ConflictError } from '../../sail/errors.ts';
import { MalformedQueryError, type QueryForm, type QueryResult, QueryTimeoutError } from '../../sparql/api.ts';
import { PushToPull } from './pushToPull.ts';

/** A remote server answered with an error we have no closer type for, or could not be reached (status 0). */
export class RemoteRepositoryError extends Error {
  override readonly name = 'RemoteRepositoryError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Credentials {
  readonly username?: string;
  readonly password?: string;
}

/** Sends requests to one remote service, with basic authentication when configured (spec §5). */
export class RemoteClient {
  private readonly authorization: string | undefined;

  constructor(credentials: Credentials = {}) {
    this.authorization =
      credentials.username === undefined ? undefined : 'Basic ' + Buffer.from(`${credentials.username}:${credentials.password ?? ''}`).toString('base64');
  }

  /** Sends a request; a non-2xx answer becomes a typed error. */
  async send(method: string, url: string, init: { body?: string | Uint8Array; contentType?: string; accept?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.authorization) headers.authorization = this.authorization;
    if (init.contentType) headers['content-type'] = init.contentType;
    if (init.accept) headers.accept = init.accept;
    const response = await fetch(url, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) }).catch((e: Error) => {
      // fetch says only "fetch failed"; the cause (ECONNREFUSED, ENOTFOUND…) is what a user can act on.
      throw new RemoteRepositoryError(`${method} ${url}: ${(e.cause as Error | undefined)?.message ?? e.message}`, 0);
    });
    if (!response.ok) throw await remoteError(response, method, url);
    return response;
  }
}

/** URL with query parameters appended (repeated names allowed). */
export function withParams(url: string, params: Iterable<readonly [string, string]>): string {
  const search = new URLSearchParams([...params].map(([k, v]): [string, string] => [k, v])).toString();
  if (search === '') return url;
  return url + (url.includes('?') ? '&' : '?') + search;
}

async function remoteError(response: Response, method: string, url: string): Promise<Error> {
  const text = (await response.text()).trim();
  const message = `${method} ${url}: ${response.status} ${text || response.statusText}`;
  if (text.startsWith(ERROR_LABEL.malformedQuery + ':')) return new MalformedQueryError(text.slice(ERROR_LABEL.malformedQuery.length + 1).trim());
  if (text.startsWith(ERROR_LABEL.malformedData + ':')) return new ParseError(text.slice(ERROR_LABEL.malformedData.length + 1).trim(), 'remote');
  if (response.status === 503) return new QueryTimeoutError(message);
  if (response.status === 409) return new ConflictError(message);
  return new RemoteRepositoryError(message, response.status);
}

/**
 * The form of a query (SPARQL 1.1 Query §2 "Query"): the first keyword after the
 * prologue (BASE, PREFIX and comments). Enough to choose result formats.
 */
export function queryForm(query: string): QueryForm {
  let rest = query;
  for (;;) {
    rest = rest.replace(/^(\s|#[^\n]*\n?)+/, '');
    const prologue = /^(BASE\s*<[^>]*>|PREFIX\s*[^\s:]*:\s*<[^>]*>)/i.exec(rest);
    if (prologue === null) break;
    rest = rest.slice(prologue[0].length);
  }
  const keyword = /^[A-Za-z]+/.exec(rest)?.[0].toUpperCase();
  if (keyword === 'SELECT' || keyword === 'ASK' || keyword === 'CONSTRUCT' || keyword === 'DESCRIBE') return keyword;
  throw new MalformedQueryError(`not a SPARQL query: expected SELECT, ASK, CONSTRUCT or DESCRIBE after the prologue`);
}

/** `Accept` for a family of formats: the preferred one first, every other parseable one at q=0.8 (as RDF4J's client does). */
export function acceptHeader(formats: readonly Format[], preferred: Format): string {
  const others = formats.filter((f) => f !== preferred && 'parse' in f && f.parse !== undefined).flatMap((f) => f.mediaTypes.slice(0, 1));
  return [preferred.mediaTypes[0]!, ...others.map((m) => `${m};q=0.8`)].join(', ');
}

/** The Accept header for a query of the given form. */
export function acceptFor(form: QueryForm, preferred: { tuple: Format; boolean: Format; rdf: Format }): string {
  if (form === 'SELECT') return acceptHeader(TUPLE_FORMATS, preferred.tuple);
  if (form === 'ASK') return acceptHeader(BOOLEAN_FORMATS, preferred.boolean);
  return acceptHeader(RDF_FORMATS, preferred.rdf);
}

/** A query response as a QueryResult, streamed: solutions and statements are parsed as the caller pulls them. */
export async function readQueryResult(response: Response, form: QueryForm): Promise<QueryResult> {
  const type = response.headers.get('content-type') ?? '';
  if (form === 'ASK') {
    const format = booleanFormatFor(type);
    if (format?.parse === undefined) throw new RemoteRepositoryError(`no boolean result parser for ${JSON.stringify(type)}`, response.status);
    return { kind: 'boolean', value: await format.parse(bodyOf(response)) };
  }
  if (form === 'SELECT') return readTuples(response, type);
  const { quads, prefixes } = streamQuads(response);
  return { kind: 'quads', prefixes, quads };
}

/** Tuple results: returned once the variables are known (they come first in every format). */
async function readTuples(response: Response, type: string): Promise<QueryResult> {
  const format = tupleFormatFor(type);
  const parse = format?.parse;
  if (parse === undefined) throw new RemoteRepositoryError(`no tuple result parser for ${JSON.stringify(type)}`, response.status);
  let variables: readonly string[] | undefined;
  let announce: () => void = () => {};
  const announced = new Promise<void>((resolve) => (announce = resolve));
  const stream = new PushToPull<Solution>(
    (input, emit) =>
      parse(input, {
        variables: (names) => {
          variables = names;
          announce();
        },
        solution: emit,
      }),
    bodyOf(response),
  );
  await Promise.race([announced, stream.finished]);
  const solutions = stream.batches();
  if (variables === undefined) {
    await solutions.next(); // the parser ended without variables: throws its error, if it had one
    variables = [];
  }
  return { kind: 'bindings', variables, solutions };
}

/**
 * An RDF response body as quads in batches, parsed by the format its
 * Content-Type names. `prefixes` fills as the parser meets declarations.
 */
export function streamQuads(response: Response): { quads: AsyncIterable<readonly Quad[]>; prefixes: Map<string, string> } {
  const type = response.headers.get('content-type') ?? '';
  const format = rdfFormatFor(type);
  if (format === undefined) throw new RemoteRepositoryError(`no RDF parser for ${JSON.stringify(type)}`, response.status);
  const prefixes = new Map<string, string>();
  const stream = new PushToPull<Quad>(
    (input, emit) => format.parse(input, { quad: emit, namespace: (prefix, iri) => prefixes.set(prefix, iri) }, { preserveBNodeIds: true }),
    bodyOf(response),
  );
  return { quads: stream.batches(), prefixes };
}

/** The response body as a byte source for a parser. */
export function bodyOf(response: Response): ByteSource {
  if (response.body === null) return [];
  return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
}
