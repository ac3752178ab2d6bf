/**
 * svc:SPARQLRepository (spec §2.3 "Repository implementations"): a client of
 * any SPARQL 1.1 endpoint (`config:sparql.queryEndpoint`, updates to
 * `config:sparql.updateEndpoint` when given) over the SPARQL 1.1 Protocol
 * (https://www.w3.org/TR/sparql11-protocol/ §2.1 query, §2.2 update).
 *
 * Statement access is expressed in SPARQL, as RDF4J's SPARQLConnection does:
 * reads are CONSTRUCT queries, size a COUNT, adds INSERT DATA and removes
 * DELETE WHERE. Inside a transaction the writes are collected and sent as one
 * update request at commit (an endpoint has no transactions of its own).
 */
import { sparqlJsonBoolean, sparqlJsonTuple } from '../../formats/results/sparqlJson.ts';
import { ntriples } from '../../formats/rdf/ntriples.ts';
import { defaultGraph, type Graph, type NamedNode, type Quad, quad as makeQuad, type Subject, type Term, termKey } from '../../rdf/terms.ts';
import { UnsupportedIsolationLevelError } from '../../sail/errors.ts';
import type { IsolationLevel } from '../../sail/sail.ts';
import type { QueryResult } from '../../sparql/api.ts';
import type { QueryRequest, Repository, RepositoryConnection, StatementFilter, UpdateRequest } from '../api.ts';
import type { SPARQLRepositoryConfig } from '../config/types.ts';
import { MEDIA_TYPES, PARAM } from '../../protocol/constants.ts';
import { acceptFor, queryForm, readQueryResult, RemoteClient, withParams } from './remote.ts';
import { applyOverlays } from './overlays.ts';

/** SPARQL 1.1 Protocol §2.1.4: GET unless the URL would exceed what servers commonly accept (RDF4J's limit). */
const MAX_GET_URL = 4083;

const PREFERRED = { tuple: sparqlJsonTuple, boolean: sparqlJsonBoolean, rdf: ntriples };

export class SPARQLRepository implements Repository {
  readonly supportedIsolationLevels: readonly IsolationLevel[] = ['NONE'];
  readonly defaultIsolationLevel: IsolationLevel = 'NONE';
  readonly writable = true;
  readonly client = new RemoteClient();

  constructor(
    readonly id: string,
    readonly title: string,
    readonly config: SPARQLRepositoryConfig,
  ) {}

  async init(): Promise<void> {}

  async shutdown(): Promise<void> {}

  async connection(): Promise<RepositoryConnection> {
    return new SPARQLConnection(this);
  }
}

export class SPARQLConnection implements RepositoryConnection {
  /** Update operations collected in the active transaction, in order. */
  private pending: string[] | undefined;
  /** Statements added since the last other operation, sent as one INSERT DATA. */
  private inserts: Quad[] = [];

  constructor(private readonly repository: SPARQLRepository) {}

  async begin(isolation?: IsolationLevel): Promise<void> {
    if (isolation !== undefined && isolation !== 'NONE') throw new UnsupportedIsolationLevelError(isolation, ['NONE']);
    this.pending = [];
    this.inserts = [];
  }

  get active(): boolean {
    return this.pending !== undefined;
  }

  async prepare(): Promise<void> {}

  async commit(): Promise<void> {
    const operations = this.collected();
    this.pending = undefined;
    if (operations.length > 0) await this.sendUpdate(operations.join(' ;\n'));
  }

  async rollback(): Promise<void> {
    this.pending = undefined;
    this.inserts = [];
  }

  async close(): Promise<void> {
    await this.rollback();
  }

  async query(request: QueryRequest): Promise<QueryResult> {
    const form = queryForm(request.query);
    const params: [string, string][] = [[PARAM.query, withBindings(request.query, request.bindings)]];
    for (const g of request.dataset?.defaultGraphs ?? []) if (g.termType === 'NamedNode') params.push([PARAM.defaultGraph, g.value]);
    for (const g of request.dataset?.namedGraphs ?? []) params.push([PARAM.namedGraph, g.value]);
    const endpoint = this.repository.config.queryEndpoint;
    const accept = acceptFor(form, PREFERRED);
    const url = withParams(endpoint, params);
    const response =
      url.length <= MAX_GET_URL
        ? await this.repository.client.send('GET', url, { accept })
        : await this.repository.client.send('POST', endpoint, { body: new URLSearchParams(params).toString(), contentType: MEDIA_TYPES.form, accept });
    return applyOverlays(await readQueryResult(response, form), request);
  }

  async update(request: UpdateRequest): Promise<void> {
    const text = withBindings(request.update, request.bindings);
    if (this.pending !== undefined) {
      this.collected().push(text);
      return;
    }
    const params: [string, string][] = [];
    for (const g of request.usingGraphs ?? []) if (g.termType === 'NamedNode') params.push([PARAM.usingGraph, g.value]);
    for (const g of request.usingNamedGraphs ?? []) params.push([PARAM.usingNamedGraph, g.value]);
    await this.sendUpdate(text, params);
  }

  async *statements(filter: StatementFilter): AsyncIterable<readonly Quad[]> {
    const pattern = triplePattern(filter);
    if (pattern === undefined) return;
    for (const [graph, where] of readPatterns(filter.contexts)) {
      const result = await this.query({ query: `CONSTRUCT { ${pattern} } WHERE { ${where(pattern)} }` });
      if (result.kind !== 'quads') continue;
      for await (const batch of result.quads) yield batch.map((q) => makeQuad(q.subject, q.predicate, q.object, graph));
    }
  }

  add(quad: Quad, contexts?: readonly Graph[]): void {
    if (this.pending === undefined) throw new Error('SPARQLRepository: add outside a transaction');
    if (quad.subject.termType === 'Quad' || quad.object.termType === 'Quad') throw new Error('SPARQLRepository: quoted triples are not supported');
    if (contexts === undefined || contexts.length === 0) this.inserts.push(quad);
    else for (const graph of contexts) this.inserts.push(makeQuad(quad.subject, quad.predicate, quad.object, graph));
  }

  async remove(filter: StatementFilter): Promise<void> {
    const pattern = triplePattern(filter);
    if (pattern === undefined) return;
    const operations = removePatterns(filter.contexts).map((where) => `DELETE WHERE { ${where(pattern)} }`);
    if (this.pending !== undefined) this.collected().push(...operations);
    else await this.sendUpdate(operations.join(' ;\n'));
  }

  async size(contexts?: readonly Graph[]): Promise<number> {
    let total = 0;
    for (const [, where] of readPatterns(contexts)) {
      const result = await this.query({ query: `SELECT (COUNT(*) AS ?n) WHERE { ${where('?s ?p ?o')} }` });
      if (result.kind !== 'bindings') continue;
      for await (const batch of result.solutions) total += Number(batch[0]?.[0]?.value ?? 0);
    }
    return total;
  }

  async *contexts(): AsyncIterable<readonly (NamedNode | Subject)[]> {
    const result = await this.query({ query: 'SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }' });
    if (result.kind !== 'bindings') return;
    for await (const batch of result.solutions) yield batch.map((row) => row[0]).filter((g): g is NamedNode => g?.termType === 'NamedNode');
  }

  /** A SPARQL endpoint keeps no namespace declarations. */
  async namespaces(): Promise<ReadonlyMap<string, string>> {
    return new Map();
  }

  async getNamespace(): Promise<string | undefined> {
    return undefined;
  }

  async setNamespace(): Promise<void> {
    throw new Error('SPARQLRepository: a SPARQL endpoint has no namespace declarations');
  }

  removeNamespace(): Promise<void> {
    return this.setNamespace();
  }

  clearNamespaces(): Promise<void> {
    return this.setNamespace();
  }

  /** The transaction's operations so far, with the collected inserts closed off as one INSERT DATA. */
  private collected(): string[] {
    const pending = this.pending ?? [];
    if (this.inserts.length > 0) {
      pending.push(insertData(this.inserts));
      this.inserts = [];
    }
    return pending;
  }

  private async sendUpdate(update: string, params: readonly [string, string][] = []): Promise<void> {
    const config = this.repository.config;
    const body = new URLSearchParams([[PARAM.update, update], ...params]).toString();
    await this.repository.client.send('POST', config.updateEndpoint ?? config.queryEndpoint, { body, contentType: MEDIA_TYPES.form });
  }
}

/** `s p o` of a filter, variables at the open positions; undefined when a blank node makes it unaddressable remotely. */
function triplePattern(filter: StatementFilter): string | undefined {
  const terms: (Term | undefined)[] = [filter.subject, filter.predicate, filter.object];
  if (terms.some((t) => t?.termType === 'BlankNode')) return undefined;
  const [s, p, o] = terms;
  return `${s ? termKey(s) : '?s'} ${p ? termKey(p) : '?p'} ${o ? termKey(o) : '?o'}`;
}

type GraphPattern = readonly [graph: Graph, wrap: (triples: string) => string];

const inDefaultGraph = (triples: string): string => triples;

/**
 * Where reads look, with the graph their statements get: the given contexts,
 * or with none the endpoint's default graph (whatever the endpoint makes of it,
 * as RDF4J's SPARQLConnection does).
 */
function readPatterns(contexts: readonly Graph[] | undefined): GraphPattern[] {
  if (contexts === undefined || contexts.length === 0) return [[defaultGraph(), inDefaultGraph]];
  return contexts.map((g) => [g, g.termType === 'DefaultGraph' ? inDefaultGraph : (t: string) => `GRAPH ${termKey(g)} { ${t} }`]);
}

/** Where removes act: the given contexts, or with none the default graph and every named graph. */
function removePatterns(contexts: readonly Graph[] | undefined): ((triples: string) => string)[] {
  if (contexts === undefined || contexts.length === 0) return [inDefaultGraph, (t) => `GRAPH ?g { ${t} }`];
  return readPatterns(contexts).map(([, wrap]) => wrap);
}

function insertData(quads: readonly Quad[]): string {
  const lines = quads.map((q) => {
    const triple = `${termKey(q.subject)} ${termKey(q.predicate)} ${termKey(q.object)} .`;
    return q.graph.termType === 'DefaultGraph' ? triple : `GRAPH ${termKey(q.graph)} { ${triple} }`;
  });
  return `INSERT DATA {\n${lines.join('\n')}\n}`;
}

/** Initial bindings as a trailing VALUES clause (SPARQL 1.1 Query §10.2.2), as RDF4J's SPARQL client sends them. */
function withBindings(text: string, bindings: ReadonlyMap<string, Term> | undefined): string {
  if (bindings === undefined || bindings.size === 0) return text;
  const names = [...bindings.keys()];
  return `${text}\nVALUES (${names.map((n) => '?' + n).join(' ')}) { (${names.map((n) => termKey(bindings.get(n)!)).join(' ')}) }`;
}

