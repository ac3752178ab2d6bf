/**
 * svc:HTTPRepository (spec §2.3 "Repository implementations", §4, §5): a client
 * of a repository on another server of this protocol — ours or RDF4J's — at
 * `config:http.url`, with basic authentication from `config:http.username` /
 * `config:http.password`. It talks to the server as RDF4J's Java client does
 * (rdf4j-facts §11): queries as form POSTs, transactions as resources
 * (`POST …/transactions`, then `PUT <txn>?action=…`), adds and removes
 * buffered and sent as N-Quads at the next other operation, at commit, or in
 * the background once `bufferLimit` statements wait (RDF4J's 200,000), and
 * removes in the wildcard encoding of rdf4j-facts §6.
 */
import { nquads } from '../../formats/rdf/nquads.ts';
import { sparqlJsonBoolean, sparqlJsonTuple } from '../../formats/results/sparqlJson.ts';
import {
  BINDING_PREFIX,
  ISOLATION_LEVEL_SETTING,
  MEDIA_TYPES,
  NIL_IRIS,
  NULL_CONTEXT,
  PARAM,
  PATHS,
  TRANSACTION_SETTING_PREFIX,
  WILDCARD_IRIS,
  type Action,
} from '../../protocol/constants.ts';
import { defaultGraph, type Graph, namedNode, type NamedNode, type Quad, quad as makeQuad, type Subject, type Term, termKey } from '../../rdf/terms.ts';
import { ISOLATION_LEVELS, type IsolationLevel, type TransactionSettings } from '../../sail/sail.ts';
import type { QueryResult } from '../../sparql/api.ts';
import type { QueryRequest, Repository, RepositoryConnection, StatementFilter, UpdateRequest } from '../api.ts';
import type { HTTPRepositoryConfig } from '../config/types.ts';
import { acceptFor, acceptHeader, queryForm, readQueryResult, RemoteClient, RemoteRepositoryError, streamQuads, withParams } from './remote.ts';
import { RDF_FORMATS, TUPLE_FORMATS } from '../../formats/registry.ts';

const PREFERRED = { tuple: sparqlJsonTuple, boolean: sparqlJsonBoolean, rdf: nquads };

/** RDF4J's spellings, which both RDF4J and svc servers read (svc accepts them as aliases). */
const WILDCARD = namedNode(WILDCARD_IRIS[1]);
const NIL = namedNode(NIL_IRIS[1]);

type Params = [string, string][];

export class HTTPRepository implements Repository {
  /** The remote store decides; it rejects a level it lacks when the transaction begins. */
  readonly supportedIsolationLevels: readonly IsolationLevel[] = ISOLATION_LEVELS;
  readonly defaultIsolationLevel: IsolationLevel = 'SNAPSHOT_READ';
  readonly writable = true;
  readonly client: RemoteClient;
  /** The repository URL, without a trailing slash. */
  readonly url: string;

  constructor(
    readonly id: string,
    readonly title: string,
    config: HTTPRepositoryConfig,
    /** Buffered statements that start a send before the transaction's next operation. */
    readonly bufferLimit = 200_000,
  ) {
    this.client = new RemoteClient(config);
    this.url = config.url.replace(/\/+$/, '');
  }

  async init(): Promise<void> {}

  async shutdown(): Promise<void> {}

  async connection(): Promise<RepositoryConnection> {
    return new HTTPRepositoryConnection(this);
  }

  resource(...path: string[]): string {
    return [this.url, ...path.map(encodeURIComponent)].join('/');
  }
}

/** Buffered statement changes of a transaction, in order. */
type Change = { readonly action: 'ADD' | 'DELETE'; readonly quads: Quad[] };

export class HTTPRepositoryConnection implements RepositoryConnection {
  /** The transaction's URL (`Location` of the begin), while one is active. */
  private transaction: string | undefined;
  private changes: Change[] = [];
  private buffered = 0;
  /** Sends of buffered changes, one after the other; a failure stays here and fails the next operation. */
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly repository: HTTPRepository) {}

  async begin(isolation?: IsolationLevel, settings?: TransactionSettings): Promise<void> {
    const params: Params = [...(settings ?? new Map<string, string>())].map(([k, v]) => [TRANSACTION_SETTING_PREFIX + k, v]);
    if (isolation !== undefined) params.push([TRANSACTION_SETTING_PREFIX + ISOLATION_LEVEL_SETTING, isolation]);
    const url = this.repository.resource(PATHS.transactions);
    const response = await this.repository.client.send('POST', url, { body: new URLSearchParams(params).toString(), contentType: MEDIA_TYPES.form });
    const location = response.headers.get('location');
    if (response.status !== 201 || location === null) throw new Error(`POST ${url}: expected 201 with a Location, got ${response.status}`);
    this.transaction = new URL(location, url).toString();
    this.discardBuffer();
  }

  get active(): boolean {
    return this.transaction !== undefined;
  }

  async prepare(): Promise<void> {
    await this.act('PREPARE');
  }

  async commit(): Promise<void> {
    await this.act('COMMIT');
    this.transaction = undefined;
  }

  async rollback(): Promise<void> {
    const transaction = this.transaction;
    this.transaction = undefined;
    this.discardBuffer();
    if (transaction !== undefined) await this.repository.client.send('DELETE', transaction);
  }

  async close(): Promise<void> {
    await this.rollback();
  }

  async query(request: QueryRequest): Promise<QueryResult> {
    const form = queryForm(request.query);
    const params: Params = [[PARAM.queryLanguage, (request.language ?? 'sparql').toUpperCase()], ...evaluationParams(request)];
    for (const g of request.dataset?.defaultGraphs ?? []) params.push([PARAM.defaultGraph, graphParam(g)]);
    for (const g of request.dataset?.namedGraphs ?? []) params.push([PARAM.namedGraph, g.value]);
    if (request.distinct) params.push([PARAM.distinct, 'true']);
    if (request.limit !== undefined) params.push([PARAM.limit, String(request.limit)]);
    if (request.offset !== undefined) params.push([PARAM.offset, String(request.offset)]);
    const accept = acceptFor(form, PREFERRED);
    const response = this.transaction
      ? await this.act('QUERY', params, { body: request.query, contentType: MEDIA_TYPES.sparqlQuery, accept })
      : await this.repository.client.send('POST', this.repository.url, {
          body: new URLSearchParams([[PARAM.query, request.query], ...params]).toString(),
          contentType: MEDIA_TYPES.form,
          accept,
        });
    return readQueryResult(response, form);
  }

  async update(request: UpdateRequest): Promise<void> {
    const params: Params = [[PARAM.queryLanguage, 'SPARQL'], ...evaluationParams(request)];
    for (const g of request.usingGraphs ?? []) params.push([PARAM.usingGraph, graphParam(g)]);
    for (const g of request.usingNamedGraphs ?? []) params.push([PARAM.usingNamedGraph, g.value]);
    for (const g of request.removeGraphs ?? []) params.push([PARAM.removeGraph, graphParam(g)]);
    for (const g of request.insertGraphs ?? []) params.push([PARAM.insertGraph, graphParam(g)]);
    if (this.transaction) {
      await this.act('UPDATE', params, { body: request.update, contentType: MEDIA_TYPES.sparqlUpdate });
      return;
    }
    const body = new URLSearchParams([[PARAM.update, request.update], ...params]).toString();
    await this.repository.client.send('POST', this.repository.resource(PATHS.statements), { body, contentType: MEDIA_TYPES.form });
  }

  async *statements(filter: StatementFilter): AsyncIterable<readonly Quad[]> {
    const params = filterParams(filter);
    params.push([PARAM.includeInferred, String(filter.includeInferred ?? true)]);
    const accept = acceptHeader(RDF_FORMATS, nquads);
    const response = this.transaction
      ? await this.act('GET', params, { accept })
      : await this.repository.client.send('GET', withParams(this.repository.resource(PATHS.statements), params), { accept });
    yield* streamQuads(response).quads;
  }

  add(quad: Quad, contexts?: readonly Graph[]): void {
    if (this.transaction === undefined) throw new Error('HTTPRepository: add outside a transaction');
    const quads = contexts === undefined || contexts.length === 0 ? [quad] : contexts.map((g) => makeQuad(quad.subject, quad.predicate, quad.object, g));
    this.buffer('ADD', quads);
  }

  async remove(filter: StatementFilter): Promise<void> {
    if (this.transaction !== undefined) {
      this.buffer('DELETE', wildcardQuads(filter));
      return;
    }
    await this.repository.client.send('DELETE', withParams(this.repository.resource(PATHS.statements), filterParams(filter)));
  }

  async size(contexts?: readonly Graph[]): Promise<number> {
    const params: Params = (contexts ?? []).map((g) => [PARAM.context, graphParam(g)]);
    const response = this.transaction
      ? await this.act('SIZE', params)
      : await this.repository.client.send('GET', withParams(this.repository.resource(PATHS.size), params));
    return Number((await response.text()).trim());
  }

  /** The protocol has no transaction action for contexts: this reads the committed state. */
  async *contexts(): AsyncIterable<readonly (NamedNode | Subject)[]> {
    const result = await this.tuples(PATHS.contexts);
    yield result.map((row) => row.get('contextID')).filter((t): t is Subject => t?.termType === 'NamedNode' || t?.termType === 'BlankNode');
  }

  async namespaces(): Promise<ReadonlyMap<string, string>> {
    const rows = await this.tuples(PATHS.namespaces);
    return new Map(rows.map((row) => [row.get('prefix')?.value ?? '', row.get('namespace')?.value ?? '']));
  }

  async getNamespace(prefix: string): Promise<string | undefined> {
    try {
      const response = await this.repository.client.send('GET', this.repository.resource(PATHS.namespaces, prefix));
      return (await response.text()).trim();
    } catch (e) {
      if (e instanceof RemoteRepositoryError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** Namespace changes go straight to `/namespaces`, even inside a transaction (as RDF4J's client does). */
  async setNamespace(prefix: string, iri: string): Promise<void> {
    await this.repository.client.send('PUT', this.repository.resource(PATHS.namespaces, prefix), { body: iri, contentType: MEDIA_TYPES.text });
  }

  async removeNamespace(prefix: string): Promise<void> {
    await this.repository.client.send('DELETE', this.repository.resource(PATHS.namespaces, prefix));
  }

  async clearNamespaces(): Promise<void> {
    await this.repository.client.send('DELETE', this.repository.resource(PATHS.namespaces));
  }

  private buffer(action: Change['action'], quads: Quad[]): void {
    const last = this.changes[this.changes.length - 1];
    if (last?.action === action) last.quads.push(...quads);
    else this.changes.push({ action, quads });
    this.buffered += quads.length;
    if (this.buffered >= this.repository.bufferLimit) this.startSending();
  }

  /** Queues the buffered changes for sending, in order, one request per run of adds or removes. */
  private startSending(): void {
    const changes = this.changes;
    this.changes = [];
    this.buffered = 0;
    this.sending = this.sending.then(async () => {
      for (const { action, quads } of changes) {
        await this.request(action, [], { body: nquadsText(quads), contentType: nquads.mediaTypes[0]! });
      }
    });
    // Handled here so a background failure is not an unhandled rejection; the next operation still sees it.
    this.sending.catch(() => {});
  }

  /** Sends everything buffered and waits for it. */
  private async flush(): Promise<void> {
    if (this.changes.length > 0) this.startSending();
    await this.sending;
  }

  private discardBuffer(): void {
    this.changes = [];
    this.buffered = 0;
    this.sending = Promise.resolve();
  }

  /** A transaction action, after the buffered changes (§4.13). */
  private async act(action: Action, params: Params = [], init: { body?: string; contentType?: string; accept?: string } = {}): Promise<Response> {
    await this.flush();
    return this.request(action, params, init);
  }

  private request(action: Action, params: Params, init: { body?: string; contentType?: string; accept?: string }): Promise<Response> {
    if (this.transaction === undefined) throw new Error(`HTTPRepository: ${action} outside a transaction`);
    return this.repository.client.send('PUT', withParams(this.transaction, [[PARAM.action, action], ...params]), init);
  }

  /** A tuple resource (`/contexts`, `/namespaces`) as rows by variable name. */
  private async tuples(path: string): Promise<ReadonlyMap<string, Term>[]> {
    const response = await this.repository.client.send('GET', this.repository.resource(path), { accept: acceptHeader(TUPLE_FORMATS, sparqlJsonTuple) });
    const result = await readQueryResult(response, 'SELECT');
    if (result.kind !== 'bindings') return [];
    const rows: Map<string, Term>[] = [];
    for await (const batch of result.solutions) {
      for (const solution of batch) rows.push(new Map(result.variables.flatMap((v, i) => (solution[i] ? [[v, solution[i]!] as const] : []))));
    }
    return rows;
  }
}

/** `infer`, `baseURI`, `timeout` and `$var` bindings, as RDF4J's client sends them. */
function evaluationParams(request: { includeInferred?: boolean; baseIRI?: string; bindings?: ReadonlyMap<string, Term> }): Params {
  const params: Params = [[PARAM.includeInferred, String(request.includeInferred ?? true)]];
  if (request.baseIRI !== undefined) params.push([PARAM.baseURI, request.baseIRI]);
  for (const [name, value] of request.bindings ?? []) params.push([BINDING_PREFIX + name, termKey(value)]);
  return params;
}

/** §4.5 `subj`, `pred`, `obj`, `context` in N-Triples spelling. */
function filterParams(filter: StatementFilter): Params {
  const params: Params = [];
  if (filter.subject) params.push([PARAM.subject, termKey(filter.subject)]);
  if (filter.predicate) params.push([PARAM.predicate, termKey(filter.predicate)]);
  if (filter.object) params.push([PARAM.object, termKey(filter.object)]);
  for (const g of filter.contexts ?? []) params.push([PARAM.context, graphParam(g)]);
  return params;
}

/** A context parameter value: N-Triples, or `null` for the default graph (§2.2). */
function graphParam(graph: Term): string {
  return graph.termType === 'DefaultGraph' ? NULL_CONTEXT : termKey(graph);
}

/**
 * A remove as transaction DELETE statements (rdf4j-facts §6): the wildcard at
 * open positions; no context = every context, `nil` = the default graph.
 */
function wildcardQuads(filter: StatementFilter): Quad[] {
  const s = filter.subject ?? WILDCARD;
  const p = filter.predicate ?? WILDCARD;
  const o = (filter.object ?? WILDCARD) as Quad['object'];
  const contexts = filter.contexts ?? [];
  if (contexts.length === 0) return [makeQuad(s, p, o, defaultGraph())];
  return contexts.map((g) => makeQuad(s, p, o, g.termType === 'DefaultGraph' ? NIL : g));
}

function nquadsText(quads: readonly Quad[]): string {
  const parts: string[] = [];
  const decoder = new TextDecoder();
  const writer = nquads.writer!({ write: (chunk) => parts.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk)) });
  for (const q of quads) writer.quad(q);
  writer.end();
  return parts.join('');
}

