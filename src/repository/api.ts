/**
 * The repository API (spec §2.3 "Repository implementations"): what the HTTP
 * server calls, and what every repository kind implements — a local store
 * stack (SailRepository), a remote server of this protocol (HTTPRepository), a
 * remote SPARQL endpoint (SPARQLRepository), and the two wrappers
 * (DatasetRepository, ContextAwareRepository).
 *
 * Everything is async because two of the kinds are remote. Writes are buffered
 * by the connection and take effect at `commit`; the server opens a
 * transaction for every write request (auto-commit is begin + commit).
 */
import type { Graph, NamedNode, Quad, Subject, Term } from '../rdf/terms.ts';
import type { IsolationLevel, TransactionSettings } from '../sail/sail.ts';
import type { QueryLanguage, QueryResult, EvaluationOptions, UpdateOptions } from '../sparql/api.ts';

/** Statement filters of §4.5 (`subj`, `pred`, `obj`, `context`, `infer`). */
export interface StatementFilter {
  readonly subject?: Subject;
  readonly predicate?: NamedNode;
  readonly object?: Term;
  /** Union of these contexts (`defaultGraph()` = the `null` context); absent or empty = all statements. */
  readonly contexts?: readonly Graph[];
  readonly includeInferred?: boolean;
}

export interface QueryRequest extends EvaluationOptions {
  readonly query: string;
  readonly language?: QueryLanguage;
  readonly baseIRI?: string;
}

export interface UpdateRequest extends UpdateOptions {
  readonly update: string;
  readonly baseIRI?: string;
}

export interface RepositoryConnection {
  begin(isolation?: IsolationLevel, settings?: TransactionSettings): Promise<void>;
  readonly active: boolean;
  prepare(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;

  query(request: QueryRequest): Promise<QueryResult>;
  update(request: UpdateRequest): Promise<void>;

  /** Matching statements, in batches (backpressure between batches). */
  statements(filter: StatementFilter): AsyncIterable<readonly Quad[]>;
  /** Adds a statement; `contexts` given = add into each of them instead of the quad's own graph (§4.5 `context`). */
  add(quad: Quad, contexts?: readonly Graph[]): void;
  /** Removes statements matching the filter (wildcards: absent positions). */
  remove(filter: StatementFilter): Promise<void>;
  size(contexts?: readonly Graph[]): Promise<number>;
  contexts(): AsyncIterable<readonly (NamedNode | Subject)[]>;

  namespaces(): Promise<ReadonlyMap<string, string>>;
  getNamespace(prefix: string): Promise<string | undefined>;
  setNamespace(prefix: string, iri: string): Promise<void>;
  removeNamespace(prefix: string): Promise<void>;
  clearNamespaces(): Promise<void>;
}

export interface Repository {
  readonly id: string;
  /** `rdfs:label` of the configuration. */
  readonly title: string;
  readonly supportedIsolationLevels: readonly IsolationLevel[];
  readonly defaultIsolationLevel: IsolationLevel;
  readonly writable: boolean;
  init(): Promise<void>;
  shutdown(): Promise<void>;
  connection(): Promise<RepositoryConnection>;
}
