/**
 * The query engine's public face (spec §4.3 parameters, SPARQL 1.1 Query and
 * Update). The server and the repositories call only these types; what lies
 * behind them (parser adapter, planner, evaluator) is the engine's business.
 *
 * Implemented by `engine.ts` (`prepareQuery`, `prepareUpdate`).
 */
import type { NamedNode, Quad, Term } from '../rdf/terms.ts';
import type { Solution } from '../formats/format.ts';
import type { QuadSource, SailConnection } from '../sail/sail.ts';

export type QueryLanguage = 'sparql' | 'serql';
/** `config:sail.defaultQueryEvaluationMode` (spec §2.3); the difference is documented in spec/decisions. */
export type EvaluationMode = 'STRICT' | 'STANDARD';

/** A dataset (SPARQL 1.1 Query §13.2) as given by FROM/FROM NAMED or the protocol's graph-uri parameters. */
export interface Dataset {
  /** The graphs merged into the default graph; the default graph itself is written `defaultGraph()`. */
  readonly defaultGraphs: readonly Term[];
  readonly namedGraphs: readonly NamedNode[];
}

export interface ParseOptions {
  language?: QueryLanguage;
  baseIRI?: string;
}

export interface EvaluationOptions {
  /** `$var` protocol parameters: initial bindings. */
  bindings?: ReadonlyMap<string, Term>;
  /** `infer`: default true. */
  includeInferred?: boolean;
  /**
   * The protocol's `default-graph-uri` / `named-graph-uri`; replaces the query's own dataset.
   * With neither, the default graph is the union of all graphs (decisions.md "The default dataset").
   */
  dataset?: Dataset;
  /** Overlays of §4.3: `distinct`, `limit` (only when lower than the query's), `offset` (adds to the query's). */
  distinct?: boolean;
  limit?: number;
  offset?: number;
  /** Cancels evaluation; a timeout is an abort with a `QueryTimeoutError` reason. */
  signal?: AbortSignal;
  evaluationMode?: EvaluationMode;
  /** Where iteration caches spill to disk (`config:sail.iterationCacheSyncThreshold`); 0 = never. */
  iterationCacheSyncThreshold?: number;
}

/** Results stream in batches so a consumer can apply backpressure between them. */
export type QueryResult =
  | { readonly kind: 'bindings'; readonly variables: readonly string[]; readonly solutions: AsyncIterable<readonly Solution[]> }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'quads'; readonly prefixes: ReadonlyMap<string, string>; readonly quads: AsyncIterable<readonly Quad[]> };

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export interface PreparedQuery {
  readonly form: QueryForm;
  /** Projected variables of a SELECT (empty for other forms). */
  readonly variables: readonly string[];
  /** The query's own FROM / FROM NAMED, if any. */
  readonly dataset?: Dataset;
  /** Prefixes declared in the query (used when writing CONSTRUCT results). */
  readonly prefixes: ReadonlyMap<string, string>;
  evaluate(source: QuadSource, options?: EvaluationOptions): QueryResult;
  /** The physical plan as printable data (`explain`). */
  explain(source: QuadSource, options?: EvaluationOptions): unknown;
}

export interface UpdateOptions extends EvaluationOptions {
  /** §4.13 dataset parameters. */
  usingGraphs?: readonly Term[];
  usingNamedGraphs?: readonly NamedNode[];
  removeGraphs?: readonly Term[];
  insertGraphs?: readonly Term[];
}

export interface PreparedUpdate {
  /** Runs every operation in order on the connection, inside its active transaction. */
  execute(connection: SailConnection, options?: UpdateOptions): Promise<void>;
}

/** The query or update text is not valid (`400 MALFORMED QUERY: …`). */
export class MalformedQueryError extends Error {
  override readonly name = 'MalformedQueryError';
}

/** Evaluation ran past its timeout (`503` per decisions.md) and was cancelled. */
export class QueryTimeoutError extends Error {
  override readonly name = 'QueryTimeoutError';
}

/** A query that is well-formed but cannot be evaluated (unsupported feature, bad initial binding…): 400. */
export class QueryEvaluationError extends Error {
  override readonly name = 'QueryEvaluationError';
}
