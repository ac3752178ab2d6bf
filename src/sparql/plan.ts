/**
 * The physical plan (SPARQL 1.1 Query §18.5 evaluation, made concrete): every
 * choice the evaluator makes that the algebra leaves open, as plain data that
 * `PreparedQuery.explain` prints.
 *
 * - Join order: a group's join operands (BGP triple patterns split apart,
 *   paths, VALUES, OPTIONAL blocks …) are flattened — Join is commutative and
 *   associative over bags (§18.5) — and ordered greedily, cheapest first, by the
 *   store's `estimate()` for the pattern's constants, discounted for positions
 *   that earlier operands bind. The most selective pattern drives.
 * - Bind join (index nested loop) is the default: each operand runs once per
 *   row of the operands before it, with that row's bindings substituted. That
 *   is the join only when substitution cannot change the operand's meaning
 *   (`bindSafe`); otherwise the operand is wrapped in a `hash` node: evaluated
 *   once on its own, kept, and joined by the variables both sides surely bind.
 * - Filter push-down: a FILTER over a join is split into its `&&` conjuncts and
 *   each runs right after the first operand from which all its variables are
 *   surely bound; the rest run at the end.
 * - Inside EXISTS (§18.6 `substitute`) operands always see the current row.
 */
import type { NamedNode, Term, Variable } from '../rdf/terms.ts';
import type { Id, QuadSource } from '../sail/sail.ts';
import {
  certainVariables, expressionVariables, maybeVariables,
  type Aggregate, type Expression, type Operation, type OrderCondition, type PatternTerm, type PropertyPath, type TriplePattern,
} from './algebra.ts';

/** A plan node: the algebra operators, with BGPs split into patterns and joins made explicit steps. */
export type PlanNode =
  /** `check`: every variable is bound by then, so the pattern only tests the row (a semi-join probe). */
  | { readonly type: 'pattern'; readonly pattern: TriplePattern; readonly estimate: number; readonly check: boolean }
  | { readonly type: 'path'; readonly subject: PatternTerm; readonly path: PropertyPath; readonly object: PatternTerm }
  /** Runs each step on every row of the previous one; `filters[i]` run after step i. An empty join yields its input. */
  | { readonly type: 'join'; readonly steps: readonly PlanNode[]; readonly filters: readonly (readonly Expression[])[]; readonly finalFilters: readonly Expression[] }
  /** Evaluates `input` once without the incoming bindings and joins each incoming row with it on `keys`. */
  | { readonly type: 'hash'; readonly input: PlanNode; readonly keys: readonly string[] }
  | { readonly type: 'leftjoin'; readonly left: PlanNode; readonly right: PlanNode; readonly expression?: Expression }
  | { readonly type: 'filter'; readonly input: PlanNode; readonly expression: Expression }
  | { readonly type: 'union'; readonly input: readonly PlanNode[] }
  | { readonly type: 'graph'; readonly name: Variable | NamedNode; readonly input: PlanNode }
  | { readonly type: 'extend'; readonly input: PlanNode; readonly variable: string; readonly expression: Expression }
  /** `right` is always evaluated on its own (§18.5 Minus has no substitution). */
  | { readonly type: 'minus'; readonly left: PlanNode; readonly right: PlanNode; readonly shared: readonly string[] }
  | { readonly type: 'values'; readonly variables: readonly string[]; readonly rows: readonly (readonly (Term | undefined)[])[] }
  | { readonly type: 'group'; readonly input: PlanNode; readonly variables: readonly string[]; readonly aggregates: readonly Aggregate[] }
  /** `keep`: only the first rows are wanted (a LIMIT above), so the sort keeps a bounded top list. */
  | { readonly type: 'orderby'; readonly input: PlanNode; readonly conditions: readonly OrderCondition[]; readonly keep?: number }
  | { readonly type: 'project'; readonly input: PlanNode; readonly variables: readonly string[] }
  | { readonly type: 'distinct'; readonly input: PlanNode }
  | { readonly type: 'reduced'; readonly input: PlanNode }
  | { readonly type: 'slice'; readonly input: PlanNode; readonly start: number; readonly length?: number }
  | { readonly type: 'service'; readonly name: Variable | NamedNode; readonly silent: boolean; readonly text: string; readonly variables: readonly string[] };

/** What the planner knows about the rows that will flow into a node. */
interface Incoming {
  readonly maybe: ReadonlySet<string>;
  readonly certain: ReadonlySet<string>;
}

/** The store view the planner asks for estimates: a term's id and the graph to count in. */
export interface PlanStatistics {
  readonly source: QuadSource;
  /** Context id for estimates in the default graph, when it is a single graph; undefined = all statements. */
  readonly defaultGraph?: Id;
  /** Whether inferred statements count (`infer`). */
  readonly includeInferred?: boolean;
}

const NOTHING: Incoming = { maybe: new Set(), certain: new Set() };
/** Operands that cannot be estimated (subqueries, SERVICE …) go after the ones that can. */
const UNKNOWN_COST = 1e7;
/** Above this many rows a bounded insertion sort costs more than sorting everything. */
const TOP_K_LIMIT = 10_000;

export class Planner {
  readonly #stats: PlanStatistics;
  readonly #estimates = new Map<TriplePattern, Map<string, number>>();
  #graph: Id | undefined | null;

  constructor(stats: PlanStatistics) {
    this.#stats = stats;
    this.#graph = stats.defaultGraph;
  }

  /** Plans `op` for rows binding at most `incoming` (the query root: nothing, or the initial bindings). */
  plan(op: Operation, incoming: Incoming = NOTHING, substitute = false): PlanNode {
    const node = this.#node(op, incoming, substitute);
    if (substitute || incoming.maybe.size === 0 || bindSafe(op, incoming)) return node;
    const keys = [...certainVariables(op)].filter((v) => incoming.certain.has(v));
    return { type: 'hash', input: this.#node(op, NOTHING, false), keys };
  }

  #node(op: Operation, incoming: Incoming, substitute: boolean): PlanNode {
    switch (op.type) {
      case 'bgp': case 'join': return this.#join(flattenJoin(op), [], incoming, substitute);
      case 'filter': {
        if (op.input.type === 'bgp' || op.input.type === 'join') {
          return this.#join(flattenJoin(op.input), conjuncts(op.expression), incoming, substitute);
        }
        return { type: 'filter', input: this.plan(op.input, incoming, substitute), expression: op.expression };
      }
      case 'path': return { type: 'path', subject: op.subject, path: op.path, object: op.object };
      case 'leftjoin': {
        const left = this.plan(op.left, incoming, substitute);
        const right = this.plan(op.right, extend(incoming, op.left), substitute);
        return { type: 'leftjoin', left, right, expression: op.expression };
      }
      case 'union': return { type: 'union', input: op.input.map((child) => this.plan(child, incoming, substitute)) };
      case 'graph': {
        const saved = this.#graph;
        this.#graph = op.name.termType === 'NamedNode' ? this.#stats.source.values.lookup(op.name) ?? -1 : undefined;
        try {
          return { type: 'graph', name: op.name, input: this.plan(op.input, incoming, substitute) };
        } finally {
          this.#graph = saved;
        }
      }
      case 'extend':
        return { type: 'extend', input: this.plan(op.input, incoming, substitute), variable: op.variable, expression: op.expression };
      case 'minus': {
        const right = this.plan(op.right, NOTHING, false);
        const shared = [...maybeVariables(op.right)].filter((v) => maybeVariables(op.left).has(v));
        return { type: 'minus', left: this.plan(op.left, incoming, substitute), right, shared };
      }
      case 'values': return { type: 'values', variables: op.variables, rows: op.rows };
      case 'group':
        return { type: 'group', input: this.plan(op.input, NOTHING, substitute), variables: op.variables, aggregates: op.aggregates };
      case 'orderby': return { type: 'orderby', input: this.plan(op.input, incoming, substitute), conditions: op.conditions };
      case 'project': return { type: 'project', input: this.plan(op.input, NOTHING, false), variables: op.variables };
      case 'distinct': return { type: 'distinct', input: this.plan(op.input, incoming, substitute) };
      case 'reduced': return { type: 'reduced', input: this.plan(op.input, incoming, substitute) };
      case 'slice': {
        const input = this.plan(op.input, incoming, substitute);
        const keep = op.length === undefined ? undefined : op.start + op.length;
        return { type: 'slice', input: keep === undefined ? input : withTopK(input, keep), start: op.start, length: op.length };
      }
      case 'service':
        return { type: 'service', name: op.name, silent: op.silent, text: op.text, variables: [...maybeVariables(op.input)] };
    }
  }

  /** Orders the operands of one join greedily and places each filter conjunct after the operand that completes it. */
  #join(operands: Operation[], filters: Expression[], incoming: Incoming, substitute: boolean): PlanNode {
    const steps: PlanNode[] = [];
    const stepFilters: Expression[][] = [];
    let state: Incoming = incoming;
    const pending = [...operands];
    let waiting = filters.map((expression) => ({ expression, variables: expressionVariables(expression) }));
    while (pending.length > 0) {
      const index = this.#cheapest(pending, state, waiting.map((f) => f.variables));
      const [next] = pending.splice(index, 1) as [Operation];
      steps.push(next.type === 'bgp' && next.patterns.length === 1 ? this.#pattern(next.patterns[0]!, state) : this.plan(next, state, substitute));
      state = extend(state, next);
      const ready = waiting.filter((f) => [...f.variables].every((v) => state.certain.has(v)));
      waiting = waiting.filter((f) => !ready.includes(f));
      stepFilters.push(ready.map((f) => f.expression));
    }
    return { type: 'join', steps, filters: stepFilters, finalFilters: waiting.map((f) => f.expression) };
  }

  #pattern(pattern: TriplePattern, state: Incoming): PlanNode {
    const check = [pattern.subject, pattern.predicate, pattern.object].every((t) => t.termType !== 'Variable' || state.certain.has(t.value));
    return { type: 'pattern', pattern, estimate: this.#patternCost(pattern, state), check };
  }

  #cheapest(operands: readonly Operation[], state: Incoming, filters: readonly ReadonlySet<string>[]): number {
    let best = 0;
    let bestCost = Infinity;
    operands.forEach((op, i) => {
      let cost = this.#cost(op, state);
      // Between equals, prefer the operand that lets a waiting filter run (it cuts the rows sooner).
      const binds = certainVariables(op);
      if (filters.some((vars) => [...vars].some((v) => binds.has(v)) && [...vars].every((v) => binds.has(v) || state.certain.has(v)))) cost *= 0.5;
      // Prefer operands connected to what is already bound: a cross product is rarely cheap.
      if (state.maybe.size > 0 && ![...maybeVariables(op)].some((v) => state.maybe.has(v))) cost = cost * 1000 + 1;
      if (cost < bestCost) [best, bestCost] = [i, cost];
    });
    return best;
  }

  #cost(op: Operation, state: Incoming): number {
    switch (op.type) {
      case 'bgp': return op.patterns.length === 1 ? this.#patternCost(op.patterns[0]!, state) : Math.min(...op.patterns.map((p) => this.#patternCost(p, state)), UNKNOWN_COST);
      case 'values': return op.rows.length;
      case 'path': {
        const bound = [op.subject, op.object].filter((t) => t.termType !== 'Variable' || state.certain.has(t.value)).length;
        return bound === 2 ? 1 : bound === 1 ? 100 : UNKNOWN_COST / 10;
      }
      case 'leftjoin': case 'minus': return this.#cost(op.left, state);
      case 'filter': case 'extend': case 'graph': return this.#cost(op.input, state);
      case 'join': return Math.min(...op.input.map((c) => this.#cost(c, state)), UNKNOWN_COST);
      case 'union': return op.input.reduce((sum, c) => sum + this.#cost(c, state), 0);
      default: return UNKNOWN_COST;
    }
  }

  /**
   * A pattern's cost: the store's count for its constants, then, for positions an
   * earlier operand binds: all bound → a lookup (1); bound subject → at most a
   * handful per subject; bound object → a few hundred at most. The discounts are
   * heuristics: the store keeps no per-position distinct counts.
   */
  #patternCost(pattern: TriplePattern, state: Incoming): number {
    const estimate = this.#estimate(pattern);
    const bound = (t: PatternTerm) => t.termType !== 'Variable' || state.certain.has(t.value);
    const [sb, pb, ob] = [bound(pattern.subject), bound(pattern.predicate), bound(pattern.object)];
    if (sb && pb && ob) return Math.min(estimate, 1);
    if (pattern.subject.termType === 'Variable' && sb) return Math.min(estimate, 5);
    if (pattern.object.termType === 'Variable' && ob) return Math.min(estimate, 200);
    return estimate;
  }

  /** The store's count for the pattern's constants in the current graph, asked once per pattern and graph. */
  #estimate(pattern: TriplePattern): number {
    const key = `${this.#graph}`;
    let byGraph = this.#estimates.get(pattern);
    if (!byGraph) this.#estimates.set(pattern, (byGraph = new Map()));
    let estimate = byGraph.get(key);
    if (estimate === undefined) {
      const { values } = this.#stats.source;
      const id = (t: PatternTerm): Id | undefined | null => (t.termType === 'Variable' ? undefined : (values.lookup(t) ?? null));
      const [s, p, o] = [id(pattern.subject), id(pattern.predicate), id(pattern.object)];
      // An unknown term, or a graph the store lacks, matches nothing.
      estimate = this.#graph === -1 || s === null || p === null || o === null ? 0
        : this.#stats.source.estimate({ s, p, o, g: this.#graph ?? undefined }, this.#stats.includeInferred);
      byGraph.set(key, estimate);
    }
    return estimate;
  }
}

/** An ORDER BY right under a slice (through a projection, which keeps order and count) needs only `keep` rows. */
function withTopK(node: PlanNode, keep: number): PlanNode {
  if (keep > TOP_K_LIMIT) return node;
  if (node.type === 'orderby') return { ...node, keep };
  if (node.type === 'project') return { ...node, input: withTopK(node.input, keep) };
  return node;
}

/** The operands of a group's join, nested joins and multi-pattern BGPs taken apart. */
function flattenJoin(op: Operation): Operation[] {
  if (op.type === 'bgp') return op.patterns.map((p) => ({ type: 'bgp', patterns: [p] }));
  if (op.type === 'join') return op.input.flatMap(flattenJoin);
  return [op];
}

/** The `&&` conjuncts of a filter (§17.4.1.5 `&&` is an error-aware AND; a filter drops a row on error or false either way). */
function conjuncts(expression: Expression): Expression[] {
  if (expression.type === 'call' && expression.name === '&&') return expression.args.flatMap(conjuncts);
  return [expression];
}

function extend(state: Incoming, op: Operation): Incoming {
  const maybe = new Set(state.maybe);
  for (const v of maybeVariables(op)) maybe.add(v);
  const certain = new Set(state.certain);
  for (const v of certainVariables(op)) certain.add(v);
  return { maybe, certain };
}

function overlapsOnlyIn(vars: Iterable<string>, incoming: Incoming, allowed: ReadonlySet<string>): boolean {
  for (const v of vars) if (incoming.maybe.has(v) && !allowed.has(v)) return false;
  return true;
}

/**
 * Whether evaluating `op` with the incoming row's bindings substituted gives
 * the same rows as joining the row with `op`'s own solutions. True for
 * patterns, paths and VALUES; false where an expression or an inner scope could
 * see an incoming binding that the operator itself does not bind.
 */
export function bindSafe(op: Operation, incoming: Incoming): boolean {
  switch (op.type) {
    case 'bgp': case 'path': case 'values': return true;
    case 'join': {
      let state = incoming;
      for (const child of op.input) {
        if (!bindSafe(child, state)) return false;
        state = extend(state, child);
      }
      return true;
    }
    case 'union': return op.input.every((child) => bindSafe(child, incoming));
    case 'graph': return bindSafe(op.input, incoming);
    case 'filter':
      return bindSafe(op.input, incoming) && overlapsOnlyIn(expressionVariables(op.expression), incoming, certainVariables(op.input));
    case 'extend':
      return !incoming.maybe.has(op.variable) && bindSafe(op.input, incoming) &&
        overlapsOnlyIn(expressionVariables(op.expression), incoming, certainVariables(op.input));
    case 'leftjoin': {
      const rightVars = maybeVariables(op.right);
      if (op.expression) expressionVariables(op.expression, rightVars);
      return bindSafe(op.left, incoming) && overlapsOnlyIn(rightVars, incoming, certainVariables(op.left));
    }
    case 'minus': return bindSafe(op.left, incoming);
    case 'distinct': case 'reduced': case 'orderby': return bindSafe(op.input, incoming);
    // The row's values travel to the endpoint as VALUES: a join by construction.
    case 'service': return true;
    default: return false;
  }
}
