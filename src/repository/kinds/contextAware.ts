/**
 * svc:ContextAwareRepository (spec §2.3 "Repository implementations"): wraps any
 * repository and applies default contexts — `ca.readContext` to reads (statement
 * reads, size, and a query's dataset), `ca.insertContext` to inserts of
 * statements without a context, `ca.removeContext` to deletes — as RDF4J's
 * ContextAwareConnection does. A context given in the call itself wins.
 */
import type { Graph, Quad } from '../../rdf/terms.ts';
import { quad as makeQuad } from '../../rdf/terms.ts';
import { QueryTimeoutError, type QueryResult } from '../../sparql/api.ts';
import type { QueryRequest, Repository, RepositoryConnection, StatementFilter, UpdateRequest } from '../api.ts';
import type { ContextAwareRepositoryConfig } from '../config/types.ts';
import { defined } from '../defined.ts';
import { ForwardingConnection, ForwardingRepository } from './forwarding.ts';

export class ContextAwareRepository extends ForwardingRepository {
  constructor(
    id: string,
    title: string,
    delegate: Repository,
    private readonly config: ContextAwareRepositoryConfig,
  ) {
    super(id, title, delegate);
  }

  async connection(): Promise<RepositoryConnection> {
    return new ContextAwareConnection(await this.delegate.connection(), this.config);
  }
}

export class ContextAwareConnection extends ForwardingConnection {
  constructor(
    delegate: RepositoryConnection,
    private readonly config: ContextAwareRepositoryConfig,
  ) {
    super(delegate);
  }

  override statements(filter: StatementFilter): AsyncIterable<readonly Quad[]> {
    return this.delegate.statements({ ...filter, contexts: this.or(filter.contexts, this.config.readContexts), includeInferred: this.inferred(filter.includeInferred) });
  }

  override size(contexts?: readonly Graph[]): Promise<number> {
    return this.delegate.size(this.or(contexts, this.config.readContexts));
  }

  override add(quad: Quad, contexts?: readonly Graph[]): void {
    const insert = this.config.insertContext;
    const bare = (contexts === undefined || contexts.length === 0) && quad.graph.termType === 'DefaultGraph';
    this.delegate.add(bare && insert !== undefined ? makeQuad(quad.subject, quad.predicate, quad.object, insert) : quad, contexts);
  }

  override remove(filter: StatementFilter): Promise<void> {
    return this.delegate.remove({ ...filter, contexts: this.or(filter.contexts, this.config.removeContexts) });
  }

  override query(request: QueryRequest): Promise<QueryResult> {
    const { readContexts, maxQueryTime } = this.config;
    return this.delegate.query({
      ...request,
      ...this.defaults(request),
      // RDF4J sets the read contexts as the query's dataset, replacing its FROM clauses.
      ...(request.dataset === undefined && readContexts.length > 0 ? { dataset: { defaultGraphs: readContexts, namedGraphs: [] } } : {}),
      ...(maxQueryTime !== undefined && maxQueryTime > 0 ? { signal: withTimeout(request.signal, maxQueryTime) } : {}),
    });
  }

  override update(request: UpdateRequest): Promise<void> {
    const { readContexts, removeContexts, insertContext } = this.config;
    return this.delegate.update({
      ...request,
      ...this.defaults(request),
      usingGraphs: this.or(request.usingGraphs, readContexts),
      removeGraphs: this.or(request.removeGraphs, removeContexts),
      insertGraphs: this.or(request.insertGraphs, insertContext === undefined ? [] : [insertContext]),
    });
  }

  private defaults(request: { language?: QueryRequest['language']; baseIRI?: string; includeInferred?: boolean }): Partial<QueryRequest> {
    return defined({
      includeInferred: this.inferred(request.includeInferred),
      language: request.language ?? queryLanguage(this.config.queryLanguage),
      baseIRI: request.baseIRI ?? this.config.baseIRI,
    });
  }

  /** `ca.includeInferred false` hides inferred statements whatever the call asks. */
  private inferred(requested: boolean | undefined): boolean {
    return (requested ?? true) && (this.config.includeInferred ?? true);
  }

  /** The call's own contexts when it gives some, else the configured ones (empty = all). */
  private or<T>(given: readonly T[] | undefined, configured: readonly T[]): readonly T[] {
    return given !== undefined && given.length > 0 ? given : configured;
  }
}

function queryLanguage(name: string | undefined): QueryRequest['language'] {
  const lower = name?.toLowerCase();
  return lower === 'sparql' || lower === 'serql' ? lower : undefined;
}

/** `ca.maxQueryTime` (seconds) as an abort signal, combined with the caller's. */
function withTimeout(signal: AbortSignal | undefined, seconds: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new QueryTimeoutError(`query ran past ca.maxQueryTime (${seconds} s)`)), seconds * 1000);
  timer.unref();
  return signal === undefined ? controller.signal : AbortSignal.any([signal, controller.signal]);
}
