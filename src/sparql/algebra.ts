/**
 * The SPARQL algebra (SPARQL 1.1 Query §18.2, https://www.w3.org/TR/sparql11-query/#sparqlAlgebra)
 * as the engine's own closed types. `parse.ts` narrows the parser's loose nodes
 * into these; the planner and evaluator see nothing else, so an exhaustive
 * `switch` over `Operation['type']` covers every operator.
 *
 * Blank nodes in query patterns behave as variables (§4.1.4); the adapter
 * turns them into variables whose names start with `_:` so they can never
 * clash with a SPARQL variable and never appear in `SELECT *`.
 */
import type { BlankNode, Literal, NamedNode, Term, Variable } from '../rdf/terms.ts';

/** A term in a triple pattern position: a variable or a ground term. */
export type PatternTerm = Variable | NamedNode | Literal | BlankNode;

/** A triple pattern (§18.1.3 `TriplePattern`). */
export interface TriplePattern {
  readonly subject: PatternTerm;
  readonly predicate: PatternTerm;
  readonly object: PatternTerm;
}

/** Property path expressions (§18.1.7, §9.1). */
export type PropertyPath =
  | { readonly type: 'link'; readonly iri: NamedNode }
  | { readonly type: 'inv'; readonly path: PropertyPath }
  | { readonly type: 'seq'; readonly input: readonly PropertyPath[] }
  | { readonly type: 'alt'; readonly input: readonly PropertyPath[] }
  | { readonly type: 'ZeroOrMorePath'; readonly path: PropertyPath }
  | { readonly type: 'OneOrMorePath'; readonly path: PropertyPath }
  | { readonly type: 'ZeroOrOnePath'; readonly path: PropertyPath }
  /** A negated property set (§9.3): forward IRIs and inverse (`^iri`) IRIs. */
  | { readonly type: 'nps'; readonly iris: readonly NamedNode[]; readonly inverse: readonly NamedNode[] };

export type AggregateName = 'count' | 'sum' | 'min' | 'max' | 'avg' | 'sample' | 'group_concat';

/** Expressions (§17). `call` covers operators (by their symbol) and functions (by name or IRI). */
export type Expression =
  | { readonly type: 'term'; readonly term: NamedNode | Literal | BlankNode }
  | { readonly type: 'variable'; readonly name: string }
  | { readonly type: 'call'; readonly name: string; readonly args: readonly Expression[] }
  | { readonly type: 'exists'; readonly not: boolean; readonly pattern: Operation };

/** An aggregate bound to a fresh variable by the grouping (§18.2.4.1 `Aggregation`). */
export interface Aggregate {
  readonly variable: string;
  readonly name: AggregateName;
  readonly distinct: boolean;
  /** Absent for `COUNT(*)`. */
  readonly expression?: Expression;
  readonly separator?: string;
}

export interface OrderCondition {
  readonly expression: Expression;
  readonly descending: boolean;
}

/** The graph patterns and solution modifiers of §18.2. */
export type Operation =
  | { readonly type: 'bgp'; readonly patterns: readonly TriplePattern[] }
  | { readonly type: 'path'; readonly subject: PatternTerm; readonly path: PropertyPath; readonly object: PatternTerm }
  | { readonly type: 'join'; readonly input: readonly Operation[] }
  | { readonly type: 'leftjoin'; readonly left: Operation; readonly right: Operation; readonly expression?: Expression }
  | { readonly type: 'filter'; readonly input: Operation; readonly expression: Expression }
  | { readonly type: 'union'; readonly input: readonly Operation[] }
  | { readonly type: 'graph'; readonly name: Variable | NamedNode; readonly input: Operation }
  | { readonly type: 'extend'; readonly input: Operation; readonly variable: string; readonly expression: Expression }
  | { readonly type: 'minus'; readonly left: Operation; readonly right: Operation }
  | { readonly type: 'values'; readonly variables: readonly string[]; readonly rows: readonly (readonly (Term | undefined)[])[] }
  | { readonly type: 'group'; readonly input: Operation; readonly variables: readonly string[]; readonly aggregates: readonly Aggregate[] }
  | { readonly type: 'orderby'; readonly input: Operation; readonly conditions: readonly OrderCondition[] }
  | { readonly type: 'project'; readonly input: Operation; readonly variables: readonly string[] }
  | { readonly type: 'distinct'; readonly input: Operation }
  | { readonly type: 'reduced'; readonly input: Operation }
  | { readonly type: 'slice'; readonly input: Operation; readonly start: number; readonly length?: number }
  | { readonly type: 'service'; readonly name: Variable | NamedNode; readonly silent: boolean; readonly input: Operation; readonly text: string };

export type OperationType = Operation['type'];
export type OperationOf<T extends OperationType> = Extract<Operation, { type: T }>;

/** A template quad of CONSTRUCT (§16.2): blank nodes are fresh per solution. */
export interface TemplateTriple {
  readonly subject: PatternTerm;
  readonly predicate: PatternTerm;
  readonly object: PatternTerm;
  readonly graph?: PatternTerm;
}

interface QueryBase {
  readonly where: Operation;
  readonly prefixes: ReadonlyMap<string, string>;
  /** The base IRI in force at the end of the prologue (BASE, else the parse option): IRI() resolves against it. */
  readonly base?: string;
  /** FROM / FROM NAMED (§13.2). */
  readonly from?: { readonly defaultGraphs: readonly NamedNode[]; readonly namedGraphs: readonly NamedNode[] };
}

/** A parsed query (§16 query forms). */
export type Query =
  | (QueryBase & { readonly form: 'SELECT'; readonly variables: readonly string[] })
  | (QueryBase & { readonly form: 'ASK' })
  | (QueryBase & { readonly form: 'CONSTRUCT'; readonly template: readonly TemplateTriple[] })
  | (QueryBase & { readonly form: 'DESCRIBE'; readonly terms: readonly (Variable | NamedNode)[] });

/** Variables an expression mentions (outside EXISTS patterns, whose own variables are joined at evaluation). */
export function expressionVariables(expression: Expression, into = new Set<string>()): Set<string> {
  switch (expression.type) {
    case 'variable': into.add(expression.name); break;
    case 'call': for (const arg of expression.args) expressionVariables(arg, into); break;
    case 'exists': for (const v of maybeVariables(expression.pattern)) into.add(v); break;
    case 'term': break;
  }
  return into;
}

function patternTermVariables(terms: readonly PatternTerm[], into: Set<string>): void {
  for (const term of terms) if (term.termType === 'Variable') into.add(term.value);
}

/** §18.2.1 in-scope variables: every variable a solution of `op` may bind. */
export function maybeVariables(op: Operation, into = new Set<string>()): Set<string> {
  switch (op.type) {
    case 'bgp': for (const p of op.patterns) patternTermVariables([p.subject, p.predicate, p.object], into); break;
    case 'path': patternTermVariables([op.subject, op.object], into); break;
    case 'join': case 'union': for (const child of op.input) maybeVariables(child, into); break;
    case 'leftjoin': case 'minus':
      maybeVariables(op.left, into);
      if (op.type === 'leftjoin') maybeVariables(op.right, into);
      break;
    case 'graph':
      if (op.name.termType === 'Variable') into.add(op.name.value);
      maybeVariables(op.input, into);
      break;
    case 'extend': maybeVariables(op.input, into); into.add(op.variable); break;
    case 'values': for (const v of op.variables) into.add(v); break;
    case 'group':
      for (const v of op.variables) into.add(v);
      for (const a of op.aggregates) into.add(a.variable);
      break;
    case 'project': for (const v of op.variables) into.add(v); break;
    case 'filter': case 'orderby': case 'distinct': case 'reduced': case 'slice': case 'service':
      maybeVariables(op.input, into);
      break;
  }
  return into;
}

/** Variables bound in every solution of `op` (a subset of `maybeVariables`). */
export function certainVariables(op: Operation): Set<string> {
  switch (op.type) {
    case 'bgp': case 'path': return maybeVariables(op);
    case 'join': {
      const all = new Set<string>();
      for (const child of op.input) for (const v of certainVariables(child)) all.add(v);
      return all;
    }
    case 'union': {
      const [first, ...rest] = op.input.map(certainVariables);
      return new Set([...(first ?? [])].filter((v) => rest.every((s) => s.has(v))));
    }
    case 'leftjoin': case 'minus': case 'filter': case 'orderby': case 'distinct': case 'reduced': case 'slice':
      return certainVariables(op.type === 'leftjoin' || op.type === 'minus' ? op.left : op.input);
    case 'graph': {
      const vars = certainVariables(op.input);
      if (op.name.termType === 'Variable') vars.add(op.name.value);
      return vars;
    }
    case 'extend': return certainVariables(op.input);
    case 'values':
      return new Set(op.variables.filter((_, i) => op.rows.every((row) => row[i] !== undefined)));
    case 'group': return new Set(op.variables.filter((v) => certainVariables(op.input).has(v)));
    case 'project': {
      const inner = certainVariables(op.input);
      return new Set(op.variables.filter((v) => inner.has(v)));
    }
    case 'service': return new Set();
  }
}
