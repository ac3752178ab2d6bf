/**
 * The store contract (spec §2.3 "Sail configuration"): one base store, optionally
 * wrapped by adapter stores (`config:delegate`), all speaking this interface.
 *
 * Design, in brief:
 * - Terms are dictionary-encoded. A store owns a `ValueStore` mapping each
 *   ground term to a positive integer id; statements, indexes, joins and
 *   solutions carry ids, and terms are decoded only at the edges.
 * - Reads are synchronous iterables. Both base stores (memory, and the native
 *   B-tree store over synchronous page reads) answer from local structures, and
 *   a synchronous pull loop is several times faster in V8 than one promise per
 *   row. Work that may block (fsync, remote I/O) happens in `prepare`/`commit`,
 *   which are async.
 * - Writes happen inside a transaction (`begin` … `commit`/`rollback`) under a
 *   declared isolation level (spec §4.12). A write outside one is an error.
 * - Adapters (RDFS and direct-type inferencers, SHACL) wrap a connection and
 *   forward everything they don't change (`forwarding.ts`). They write inferred
 *   statements with the `inferred` flag; readers hide them with
 *   `includeInferred = false` (spec §4 general rules, `infer`).
 *
 * The SPARQL engine sees only `QuadSource`; it never imports a store.
 */
import type { GroundTerm, Quad, Term } from '../rdf/terms.ts';

/** A dictionary id. Ids are positive integers, stable for the life of the store. */
export type Id = number;

/** The context id of the default graph (the statements without a context). */
export const DEFAULT_GRAPH: Id = 0;

/** A statement as ids: subject, predicate, object, context (DEFAULT_GRAPH for none). */
export type IdQuad = readonly [s: Id, p: Id, o: Id, g: Id];

/** A statement pattern over ids; an absent position matches anything. */
export interface QuadPattern {
  readonly s?: Id;
  readonly p?: Id;
  readonly o?: Id;
  /** One context; DEFAULT_GRAPH selects the default graph only; absent = every context. */
  readonly g?: Id;
}

/** Term ↔ id dictionary (RDF4J's ValueStore). */
export interface ValueStore {
  /** The id of a term the store knows, without adding it. Readers use this: an unknown term matches nothing. */
  lookup(term: Term): Id | undefined;
  /** The id of a term, adding it when new. For writers only; ids of rolled-back terms may stay allocated. */
  intern(term: GroundTerm): Id;
  /** The term of an id; DEFAULT_GRAPH decodes to the RDF/JS default graph. Throws on an unknown id. */
  term(id: Id): Term;
}

/** The read side every store, connection and dataset view offers: the query engine's only seam. */
export interface QuadSource {
  readonly values: ValueStore;
  /** Statements matching the pattern, in no particular order, each once. `includeInferred` defaults to true. */
  match(pattern: QuadPattern, includeInferred?: boolean): Iterable<IdQuad>;
  /**
   * An estimate of how many statements `match` would yield, cheap to compute
   * (no full scan): the planner orders joins by it. Exact when cheap.
   */
  estimate(pattern: QuadPattern, includeInferred?: boolean): number;
  /** The contexts (named graphs) that hold at least one statement; never DEFAULT_GRAPH. */
  contexts(): Iterable<Id>;
  /** Number of statements, in one context if given (DEFAULT_GRAPH = the default graph). */
  size(context?: Id, includeInferred?: boolean): number;
}

/** Spec §4.12 isolation levels, weakest first. A store declares which it supports. */
export const ISOLATION_LEVELS = [
  'NONE',
  'READ_UNCOMMITTED',
  'READ_COMMITTED',
  'SNAPSHOT_READ',
  'SNAPSHOT',
  'SERIALIZABLE',
] as const;
export type IsolationLevel = (typeof ISOLATION_LEVELS)[number];

/** What a change listener hears: explicit and inferred additions and removals, as they happen in the transaction. */
export interface ChangeListener {
  added(quad: IdQuad, inferred: boolean): void;
  removed(quad: IdQuad, inferred: boolean): void;
}

/** Transaction settings beyond the isolation level (`transaction-setting__<name>`, rdf4j-facts §5). */
export type TransactionSettings = ReadonlyMap<string, string>;

export interface SailConnection extends QuadSource {
  /** Starts a transaction. Throws `UnsupportedIsolationLevelError` for a level the store lacks. */
  begin(level?: IsolationLevel, settings?: TransactionSettings): void;
  readonly active: boolean;
  /** Checks that the transaction can commit (conflicts under SERIALIZABLE, SHACL) without ending it. */
  prepare(): Promise<void>;
  /** Makes the changes visible and durable, all or nothing. Throws `ConflictError` on a write conflict. */
  commit(): Promise<void>;
  /** Discards the transaction's changes. Safe to call when no transaction is active. */
  rollback(): void;
  /** Rolls back any active transaction and releases the connection. */
  close(): void;

  /** Adds an explicit statement. Rejects a literal or unknown-kind subject, a non-IRI predicate (`InvalidStatementError`). */
  addStatement(quad: Quad): void;
  /** Removes the explicit statements matching the pattern; returns how many. */
  removeStatements(pattern: QuadPattern): number;
  /** Adapters only: adds an inferred statement; returns false when it was already present. */
  addInferred(quad: Quad): boolean;
  /** Adapters only: removes inferred statements matching the pattern. */
  removeInferred(pattern: QuadPattern): number;
  /** Removes every statement in the given contexts (all contexts when none given). */
  clear(contexts?: readonly Id[]): void;

  /** Namespace declarations (spec §4.10–4.11), transactional like statements. */
  namespaces(): Iterable<readonly [prefix: string, iri: string]>;
  getNamespace(prefix: string): string | undefined;
  setNamespace(prefix: string, iri: string): void;
  removeNamespace(prefix: string): void;
  clearNamespaces(): void;

  /** Hears every change this connection makes, including those of wildcard removes and clears. */
  addChangeListener(listener: ChangeListener): void;
}

export interface Sail {
  readonly supportedIsolationLevels: readonly IsolationLevel[];
  /** SNAPSHOT_READ for our stores, as for RDF4J's. */
  readonly defaultIsolationLevel: IsolationLevel;
  readonly values: ValueStore;
  init(): Promise<void>;
  /** Rolls back open connections, syncs what must be synced, releases files. */
  shutdown(): Promise<void>;
  connection(): SailConnection;
}
