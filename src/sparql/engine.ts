/**
 * The query engine's entry point (SPARQL 1.1 Query §16 query forms, §18.5
 * evaluation): `prepareQuery` parses once; each `evaluate` plans against the
 * source's statistics, compiles the plan into closures and streams the results.
 */
import type { Quad, Term } from '../rdf/terms.ts';
import type { Solution } from '../formats/format.ts';
import type { QuadSource } from '../sail/sail.ts';
import {
  MalformedQueryError, QueryEvaluationError, type Dataset, type EvaluationOptions, type ParseOptions, type PreparedQuery, type QueryForm, type QueryResult,
} from './api.ts';
import type { Operation, Query } from './algebra.ts';
import { datasetView } from './dataset.ts';
import { ExecutionContext, PAUSE, ServiceCalls, UNBOUND, type Row, type Run } from './eval/context.ts';
import { Scope, Slots } from './eval/evaluate.ts';
import { hasService, runWithServices } from './eval/serviceClient.ts';
import { batches, firstRow } from './eval/stream.ts';
import { constructQuads, describeQuads } from './forms.ts';
import { parseQuery } from './parse.ts';
import { parseSerql } from '../serql/parse.ts';
import { Planner, type PlanNode } from './plan.ts';

/** Parses a SPARQL query, or a SeRQL one (spec §4.3 `queryLn`), into the one algebra the evaluator runs. */
export function prepareQuery(text: string, options: ParseOptions = {}): PreparedQuery {
  switch (options.language ?? 'sparql') {
    case 'sparql': return new AlgebraQuery(parseQuery(text, { baseIRI: options.baseIRI }));
    case 'serql': return new AlgebraQuery(parseSerql(text, options));
    default: throw new MalformedQueryError(`unknown query language ${String(options.language)}`);
  }
}

/** A compiled evaluation: the plan, its closures and the context they share. */
interface Compiled {
  readonly plan: PlanNode;
  readonly run: Run;
  readonly ctx: ExecutionContext;
  readonly slots: Slots;
  readonly scope: Scope;
  readonly input: Row;
}

/** A prepared query of either language: planned and compiled anew for each evaluation. */
class AlgebraQuery implements PreparedQuery {
  readonly form: QueryForm;
  readonly variables: readonly string[];
  readonly dataset?: Dataset;
  readonly prefixes: ReadonlyMap<string, string>;
  readonly #query: Query;

  constructor(query: Query) {
    this.#query = query;
    this.form = query.form;
    this.variables = query.form === 'SELECT' ? query.variables : [];
    this.dataset = query.from;
    this.prefixes = query.prefixes;
  }

  explain(source: QuadSource, options: EvaluationOptions = {}): unknown {
    return printable(this.#compile(source, options).plan);
  }

  evaluate(source: QuadSource, options: EvaluationOptions = {}): QueryResult {
    const query = this.#query;
    // With SERVICE, the rows come from the last of several runs (`#rows`): read them with that run's slots and dictionary.
    const state = { compiled: this.#compile(source, options) };
    const { rows, before } = this.#rows(state, source, options);
    const ctx = state.compiled.ctx;
    const lazily = <T>(make: () => Iterable<T>): Iterable<T> => ({ [Symbol.iterator]: () => make()[Symbol.iterator]() });
    switch (query.form) {
      case 'SELECT': {
        const solutions = lazily(() => {
          const { ctx: final, slots } = state.compiled;
          const positions = query.variables.map((v) => slots.of(v));
          return mapRows(rows, (row) => positions.map((s) => (row[s] === UNBOUND ? undefined : final.dictionary.term(row[s]!))));
        });
        return { kind: 'bindings', variables: query.variables, solutions: batches(ctx, solutions, (s) => s as Solution, before) };
      }
      case 'ASK':
        if (before) throw new QueryEvaluationError('ASK cannot contain SERVICE: its answer is synchronous');
        return { kind: 'boolean', value: firstRow(ctx, rows) !== undefined };
      case 'CONSTRUCT': {
        const quads = lazily(() => constructQuads(query.template, state.compiled.scope, rows));
        return { kind: 'quads', prefixes: this.prefixes, quads: batches(ctx, quads, (q) => q as Quad, before) };
      }
      case 'DESCRIBE': {
        const quads = lazily(() => describeQuads(query.terms, state.compiled.scope, rows));
        return { kind: 'quads', prefixes: this.prefixes, quads: batches(ctx, quads, (q) => q as Quad, before) };
      }
    }
  }

  /**
   * The rows of the WHERE clause: streamed from the compiled pipeline, or, when
   * the query calls SERVICE, collected by re-runs once `before` has fetched
   * every answer (serviceClient.ts).
   */
  #rows(state: { compiled: Compiled }, source: QuadSource, options: EvaluationOptions): { rows: Iterable<Row>; before?: () => Promise<void> } {
    const first = state.compiled;
    if (!hasService(first.plan)) return { rows: first.run(first.input) };
    let collected: Row[] = [];
    const before = async () => {
      collected = await runWithServices((services) => {
        state.compiled = this.#compile(source, options, services);
        return { ctx: state.compiled.ctx, rows: state.compiled.run(state.compiled.input) };
      }, new ServiceCalls());
    };
    return { rows: { [Symbol.iterator]: () => collected[Symbol.iterator]() }, before };
  }

  #compile(source: QuadSource, options: EvaluationOptions, services?: ServiceCalls): Compiled {
    const query = this.#query;
    const dataset = datasetView(source, query.from, options.dataset);
    const slots = new Slots();
    const ctx = new ExecutionContext(source, dataset, {
      signal: options.signal,
      includeInferred: options.includeInferred ?? true,
      strict: options.evaluationMode === 'STRICT', // STANDARD unless asked (README.md)
      spillThreshold: options.iterationCacheSyncThreshold ?? 0,
    }, slots, query.base, services);
    const defaultGraph = dataset.defaultGraphs?.length === 1 ? dataset.defaultGraphs[0] : undefined;
    const planner = new Planner({ source, defaultGraph, includeInferred: options.includeInferred ?? true });
    const root = withOverlays(withInitialBindings(query.where, options.bindings), options, query.form);
    const plan = planner.plan(root);
    const scope = new Scope(ctx, slots, planner);
    const run = scope.compile(plan);
    return { plan, run, ctx, slots, scope, input: ctx.emptyRow() };
  }
}

/** Rows converted one by one, the `PAUSE` sentinel passed through. */
function* mapRows<T>(rows: Iterable<Row>, convert: (row: Row) => T): Iterable<T | Row> {
  for (const row of rows) yield row === PAUSE ? row : convert(row);
}

/**
 * Initial bindings (`$var` protocol parameters) as a one-row VALUES joined
 * inside the outermost projection, so they constrain the pattern even for
 * variables the query does not project, as RDF4J's bindings do.
 */
function withInitialBindings(where: Operation, bindings: ReadonlyMap<string, Term> | undefined): Operation {
  if (!bindings || bindings.size === 0) return where;
  const values: Operation = { type: 'values', variables: [...bindings.keys()], rows: [[...bindings.values()]] };
  const inject = (op: Operation): Operation => {
    switch (op.type) {
      case 'slice': case 'distinct': case 'reduced': return { ...op, input: inject(op.input) };
      case 'project': return { ...op, input: { type: 'join', input: [values, op.input] } };
      default: return { type: 'join', input: [values, op] };
    }
  };
  return inject(where);
}

/** The §4.3 overlays on a SELECT: `distinct`, then `offset` added to the query's and `limit` only when lower. */
function withOverlays(where: Operation, options: EvaluationOptions, form: QueryForm): Operation {
  if (form !== 'SELECT') return where;
  let op = where;
  if (options.distinct && op.type !== 'distinct') op = { type: 'distinct', input: op };
  if ((options.offset ?? 0) > 0 || (options.limit !== undefined && options.limit >= 0)) {
    op = { type: 'slice', input: op, start: Math.max(0, options.offset ?? 0), length: options.limit !== undefined && options.limit >= 0 ? options.limit : undefined };
  }
  return op;
}

/** The plan as JSON-ready data: terms in N-Triples syntax. */
function printable(plan: PlanNode): unknown {
  return JSON.parse(JSON.stringify(plan, (_key, value: unknown) => {
    if (value && typeof value === 'object' && 'termType' in value) {
      const term = value as Term;
      return term.termType === 'Variable' ? '?' + term.value : term.termType === 'NamedNode' ? `<${term.value}>` : term.value;
    }
    return value;
  }));
}
