/**
 * What compiled operators share at run time (SPARQL 1.1 Query §18.5 evaluation
 * over a dataset): solutions as rows of dictionary ids in variable slots, the
 * per-query dictionary overlay for computed terms, the active dataset, and
 * cooperative cancellation.
 *
 * Rows: `row[slot]` is a term id, `UNBOUND` (0) when the variable has no value
 * (0 is the default graph's id, which no variable ever binds). Every compiled
 * operator is a `Run`: given an incoming row it yields rows that extend it.
 *
 * Pausing: leaves count their iterations and, about every 10 ms of work, yield
 * the `PAUSE` sentinel; operators pass it upward untouched, and the result
 * stream turns it into a turn of the event loop, so timers (timeouts) fire and
 * an aborted signal is seen even while no solution is being produced.
 */
import { randomUUID } from 'node:crypto';
import { blankNode, termKey, type BlankNode, type Term } from '../../rdf/terms.ts';
import type { Id, QuadSource } from '../../sail/sail.ts';
import { QueryTimeoutError } from '../api.ts';
import type { FunctionContext } from '../expr/context.ts';

export type Row = Id[];
export const UNBOUND = 0;
/** Yielded by leaves to give the event loop a turn; never a solution. */
export const PAUSE: Row = Object.freeze([]) as unknown as Row;

export type Run = (input: Row) => Iterable<Row>;

const DECODED_CACHE_LIMIT = 100_000;

/** Computed terms (BIND, aggregates, CONSTRUCT…) get negative ids here; terms the store knows keep the store's id. */
export class QueryDictionary {
  readonly #source: QuadSource;
  readonly #local: Term[] = [];
  readonly #localIds = new Map<string, Id>();
  readonly #decoded = new Map<Id, Term>();

  constructor(source: QuadSource) {
    this.#source = source;
  }

  term(id: Id): Term {
    return id > 0 ? this.#source.values.term(id) : this.#local[-id - 1]!;
  }

  /**
   * The term of an id for expression evaluation: the same object each time, so
   * the expression library's per-literal caches (parsed numbers, dates) hit
   * when a value recurs. Bounded: past the limit, terms are decoded afresh.
   */
  valueTerm(id: Id): Term {
    let term = this.#decoded.get(id);
    if (term === undefined) {
      term = this.term(id);
      if (this.#decoded.size < DECODED_CACHE_LIMIT) this.#decoded.set(id, term);
    }
    return term;
  }

  /** The one id of a term: equal ids ⇔ the same RDF term, so joins compare numbers. */
  id(term: Term): Id {
    const stored = this.#source.values.lookup(term);
    if (stored !== undefined && stored > 0) return stored;
    const key = termKey(term);
    let id = this.#localIds.get(key);
    if (id === undefined) {
      this.#local.push(term);
      id = -this.#local.length;
      this.#localIds.set(key, id);
    }
    return id;
  }

  /** The store id of a term, or undefined if the store has never seen it (so it matches nothing). */
  stored(term: Term): Id | undefined {
    const id = this.#source.values.lookup(term);
    return id !== undefined && id > 0 ? id : undefined;
  }
}

/** One SERVICE request: the endpoint, the query text, and the bindings sent as VALUES. */
export interface ServiceRequest {
  readonly endpoint: string;
  readonly text: string;
  readonly bindings: readonly (readonly [name: string, term: Term])[];
}

/** SERVICE answers by request key, and the requests a run needed but found unanswered. */
export class ServiceCalls {
  readonly answers = new Map<string, readonly ReadonlyMap<string, Term>[] | Error>();
  readonly pending = new Map<string, ServiceRequest>();
}

/** The active dataset (§13) as ids. `undefined` lists mean "no dataset given": decisions.md's union default graph. */
export interface DatasetView {
  /** Graphs merged into the default graph; undefined = every statement. */
  readonly defaultGraphs?: readonly Id[];
  /** Graphs `GRAPH` may range over; undefined = every context. */
  readonly namedGraphs?: readonly Id[];
  /** Whether default-graph matches must drop triples seen in more than one graph. */
  readonly dedupeDefault: boolean;
}

export interface ExecutionOptions {
  readonly signal?: AbortSignal;
  readonly includeInferred: boolean;
  /** STRICT: §17 exactly; STANDARD: extended comparisons (README.md). */
  readonly strict: boolean;
  /** Rows a sort keeps in memory before overflowing to disk; 0 = never (`iterationCacheSyncThreshold`). */
  readonly spillThreshold: number;
}

/** Milliseconds of work between pauses. */
const SLICE_MS = 10;
const TICKS_BETWEEN_CLOCK_READS = 1024;

export class ExecutionContext {
  readonly source: QuadSource;
  readonly dictionary: QueryDictionary;
  readonly dataset: DatasetView;
  readonly options: ExecutionOptions;
  readonly functions: SolutionFunctionContext;
  /** The named graphs of the dataset, once asked for (dataset.ts). */
  namedGraphs?: ReadonlySet<Id>;
  /** SERVICE answers fetched so far and requests still to send (serviceClient.ts); shared across re-runs. */
  readonly services: ServiceCalls;
  readonly #slots: { readonly size: number };
  #ticks = TICKS_BETWEEN_CLOCK_READS;
  #sliceStart = performance.now();

  constructor(
    source: QuadSource, dataset: DatasetView, options: ExecutionOptions, slots: { readonly size: number }, baseIRI?: string,
    services: ServiceCalls = new ServiceCalls(),
  ) {
    this.services = services;
    this.source = source;
    this.dictionary = new QueryDictionary(source);
    this.dataset = dataset;
    this.options = options;
    this.#slots = slots;
    this.functions = newFunctionContext(baseIRI);
  }

  emptyRow(): Row {
    return new Array<Id>(this.#slots.size).fill(UNBOUND);
  }

  /** Called once per inner-loop iteration; true when the caller should yield `PAUSE`. Throws once aborted. */
  tick(): boolean {
    if (--this.#ticks > 0) return false;
    this.#ticks = TICKS_BETWEEN_CLOCK_READS;
    this.checkAborted();
    return performance.now() - this.#sliceStart > SLICE_MS;
  }

  /** The stream took its pause: a new slice of work starts. */
  resumed(): void {
    this.#sliceStart = performance.now();
    this.checkAborted();
  }

  checkAborted(): void {
    const signal = this.options.signal;
    if (signal?.aborted) {
      const reason: unknown = signal.reason;
      throw reason instanceof Error ? reason : new QueryTimeoutError('query cancelled');
    }
  }
}

/** §17.4.2.9 BNODE and §17.4.5.1 NOW: fixed per query; labelled BNODEs are stable within one solution. */
export interface SolutionFunctionContext extends FunctionContext {
  /** Starts a new solution: labelled BNODE()s get new nodes. */
  nextSolution(): void;
}

function newFunctionContext(baseIRI?: string): SolutionFunctionContext {
  const now = new Date();
  // Labels unique to this query, so computed blank nodes never equal stored ones.
  const prefix = `b${randomUUID().slice(0, 8)}_`;
  let fresh = 0;
  const labelled = new Map<string, BlankNode>();
  const next = () => blankNode(`${prefix}${fresh++}`);
  return {
    now,
    baseIRI,
    bnode(label?: string) {
      if (label === undefined) return next();
      let node = labelled.get(label);
      if (!node) labelled.set(label, (node = next()));
      return node;
    },
    nextSolution() {
      labelled.clear();
    },
  };
}
