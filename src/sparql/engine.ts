/**
 * The query engine's entry point (SPARQL 1.1 Query §16 query forms, §18.5
 * evaluation): `prepareQuery` parses once; each `evaluate` plans against the
 * source's statistics, compiles the plan into closures and streams the results.
 */
import type { Quad, Term } from '../rdf/terms.ts';
import type { QuadSource } from '../sail/sail.ts';
import {
  MalformedQueryError, type Dataset, type EvaluationOptions, type ParseOptions, type PreparedQuery, type QueryForm, type QueryResult,
} from './api.ts';
import type { Operation, Query } from './algebra.ts';
import { datasetView } from './dataset.ts';
import { ExecutionContext, UNBOUND, type Row, type Run } from './eval/context.ts';
import { Scope, Slots } from './eval/evaluate.ts';
import { fetchServices } from './eval/serviceClient.ts';
import { batches, firstRow } from './eval/stream.ts';
import { constructQuads, describeQuads } from './forms.ts';
import { parseQuery } from './parse.ts';
import { Planner, type PlanNode } from './plan.ts';

export function prepareQuery(text: string, options: ParseOptions = {}): PreparedQuery {
  if (options.language && options.language !== 'sparql') {
    throw new MalformedQueryError(`query language ${options.language} is not supported by this engine`);
  }
  return new SparqlQuery(parseQuery(text, { baseIRI: options.baseIRI }));
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

class SparqlQuery implements PreparedQuery {
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
    const compiled = this.#compile(source, options);
    const { ctx, run, input } = compiled;
    const query = this.#query;
    const prefetch = () => fetchServices(compiled.plan, ctx);
    switch (query.form) {
      case 'SELECT': {
        const slots = query.variables.map((v) => compiled.slots.of(v));
        const toSolution = (row: Row) => slots.map((s) => (row[s] === UNBOUND ? undefined : ctx.dictionary.term(row[s]!)));
        return { kind: 'bindings', variables: query.variables, solutions: batches(ctx, run(input), toSolution, prefetch) };
      }
      case 'ASK':
        return { kind: 'boolean', value: firstRow(ctx, run(input)) !== undefined };
      case 'CONSTRUCT': {
        const quads = constructQuads(query.template, compiled.scope, run(input));
        return { kind: 'quads', prefixes: this.prefixes, quads: batches(ctx, quads, (q) => q as Quad, prefetch) };
      }
      case 'DESCRIBE': {
        const quads = describeQuads(query.terms, compiled.scope, run(input));
        return { kind: 'quads', prefixes: this.prefixes, quads: batches(ctx, quads, (q) => q as Quad, prefetch) };
      }
    }
  }

  #compile(source: QuadSource, options: EvaluationOptions): Compiled {
    const query = this.#query;
    const dataset = datasetView(source, query.from, options.dataset);
    const slots = new Slots();
    const ctx = new ExecutionContext(source, dataset, {
      signal: options.signal,
      includeInferred: options.includeInferred ?? true,
      strict: options.evaluationMode === 'STRICT', // STANDARD unless asked (README.md)
    }, slots, query.base);
    const defaultGraph = dataset.defaultGraphs?.length === 1 ? dataset.defaultGraphs[0] : undefined;
    const planner = new Planner({ source, defaultGraph });
    const root = withOverlays(withInitialBindings(query.where, options.bindings), options, query.form);
    const plan = planner.plan(root);
    const scope = new Scope(ctx, slots, planner);
    const run = scope.compile(plan);
    return { plan, run, ctx, slots, scope, input: ctx.emptyRow() };
  }
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
