/**
 * The forwarding base of the wrapper repositories (spec §2.3: DatasetRepository
 * and ContextAwareRepository wrap another repository; RDF4J's
 * RepositoryConnectionWrapper): every call goes to the wrapped repository or
 * connection, so a wrapper overrides only what it changes.
 */
import type { Graph, NamedNode, Quad, Subject } from '../../rdf/terms.ts';
import type { IsolationLevel, TransactionSettings } from '../../sail/sail.ts';
import type { QueryResult } from '../../sparql/api.ts';
import type { QueryRequest, Repository, RepositoryConnection, StatementFilter, UpdateRequest } from '../api.ts';

export abstract class ForwardingRepository implements Repository {
  constructor(
    readonly id: string,
    readonly title: string,
    protected readonly delegate: Repository,
  ) {}

  get supportedIsolationLevels(): readonly IsolationLevel[] {
    return this.delegate.supportedIsolationLevels;
  }

  get defaultIsolationLevel(): IsolationLevel {
    return this.delegate.defaultIsolationLevel;
  }

  get writable(): boolean {
    return this.delegate.writable;
  }

  init(): Promise<void> {
    return this.delegate.init();
  }

  shutdown(): Promise<void> {
    return this.delegate.shutdown();
  }

  abstract connection(): Promise<RepositoryConnection>;
}

export class ForwardingConnection implements RepositoryConnection {
  constructor(protected readonly delegate: RepositoryConnection) {}

  begin(isolation?: IsolationLevel, settings?: TransactionSettings): Promise<void> {
    return this.delegate.begin(isolation, settings);
  }

  get active(): boolean {
    return this.delegate.active;
  }

  prepare(): Promise<void> {
    return this.delegate.prepare();
  }

  commit(): Promise<void> {
    return this.delegate.commit();
  }

  rollback(): Promise<void> {
    return this.delegate.rollback();
  }

  close(): Promise<void> {
    return this.delegate.close();
  }

  query(request: QueryRequest): Promise<QueryResult> {
    return this.delegate.query(request);
  }

  update(request: UpdateRequest): Promise<void> {
    return this.delegate.update(request);
  }

  statements(filter: StatementFilter): AsyncIterable<readonly Quad[]> {
    return this.delegate.statements(filter);
  }

  add(quad: Quad, contexts?: readonly Graph[]): void {
    this.delegate.add(quad, contexts);
  }

  remove(filter: StatementFilter): Promise<void> {
    return this.delegate.remove(filter);
  }

  size(contexts?: readonly Graph[]): Promise<number> {
    return this.delegate.size(contexts);
  }

  contexts(): AsyncIterable<readonly (NamedNode | Subject)[]> {
    return this.delegate.contexts();
  }

  namespaces(): Promise<ReadonlyMap<string, string>> {
    return this.delegate.namespaces();
  }

  getNamespace(prefix: string): Promise<string | undefined> {
    return this.delegate.getNamespace(prefix);
  }

  setNamespace(prefix: string, iri: string): Promise<void> {
    return this.delegate.setNamespace(prefix, iri);
  }

  removeNamespace(prefix: string): Promise<void> {
    return this.delegate.removeNamespace(prefix);
  }

  clearNamespaces(): Promise<void> {
    return this.delegate.clearNamespaces();
  }
}
