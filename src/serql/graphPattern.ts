/**
 * SeRQL path expressions (spec §4.3 `queryLn=serql`) as graph patterns of the
 * engine's algebra. As in Sesame's query model, a graph pattern gathers the
 * required patterns (joined), the optional ones (`[ … ]`, each a left join
 * whose condition is its own WHERE and the inequalities it implies) and the
 * constraints (a filter over the whole); nested optionals and `union`
 * alternatives are child patterns that inherit the FROM clause's context.
 *
 * Statements outside any `FROM CONTEXT` match in every context (the engine's
 * union default graph); under `FROM CONTEXT c` they sit in `GRAPH c`.
 */
import { df, RDF_NS, type NamedNode, type Variable } from '../rdf/terms.ts';
import type { Expression, Operation, PatternTerm, TriplePattern } from '../sparql/algebra.ts';
import type { NodeElem, NodeSet, PathExpr, PathTail, Uri, Var } from './ast.ts';
import { booleanExpression, call, fold, variable, type ExpressionScope } from './expressions.ts';

/** What path expressions need from the translator besides expressions: fresh anonymous variables. */
export interface PatternScope extends ExpressionScope {
  anonymous(): Variable;
}

/** What a whole query body found: its named variables in order of appearance, and every statement pattern. */
export class BodyRecord {
  readonly variables = new Set<string>();
  readonly statements: TriplePattern[] = [];
}

/** A variable term (n3's factory, behind `df`, always implements the optional `variable`). */
export const variableTerm = (name: string): Variable => df.variable!(name);

const RDF_STATEMENT = df.namedNode(RDF_NS + 'Statement');
const rdfTerm = (local: string) => df.namedNode(RDF_NS + local);

export class GraphPattern {
  /** The active FROM clause's context, inherited by child patterns. */
  context?: Variable | NamedNode;
  readonly #required: Operation[] = [];
  readonly #optionals: { op: Operation; condition?: Expression }[] = [];
  readonly #constraints: Expression[] = [];

  constructor(readonly record: BodyRecord, context?: Variable | NamedNode) {
    this.context = context;
  }

  child(): GraphPattern {
    return new GraphPattern(this.record, this.context);
  }

  /** A statement pattern, merged into the preceding basic graph pattern when they share the context. */
  addStatement(subject: PatternTerm, predicate: PatternTerm, object: PatternTerm): void {
    const pattern = { subject, predicate, object };
    this.record.statements.push(pattern);
    const last = this.#required.at(-1);
    const context = this.context;
    if (!context && last?.type === 'bgp') {
      this.#required[this.#required.length - 1] = { type: 'bgp', patterns: [...last.patterns, pattern] };
    } else if (context && last?.type === 'graph' && last.name.termType === context.termType && last.name.value === context.value && last.input.type === 'bgp') {
      this.#required[this.#required.length - 1] = { ...last, input: { type: 'bgp', patterns: [...last.input.patterns, pattern] } };
    } else {
      const bgp: Operation = { type: 'bgp', patterns: [pattern] };
      this.#required.push(context ? { type: 'graph', name: context, input: bgp } : bgp);
    }
  }

  addRequired(op: Operation): void {
    this.#required.push(op);
  }

  addConstraint(expression: Expression): void {
    this.#constraints.push(expression);
  }

  /** An optional child: its constraints become the left join's condition. */
  addOptional(child: GraphPattern): void {
    const condition = child.#constraints.length > 0 ? fold('&&', child.#constraints) : undefined;
    this.#optionals.push({ op: child.#patterns(), condition });
  }

  /** Required patterns joined, then each optional left-joined in order, then the constraints as one filter. */
  build(): Operation {
    const op = this.#patterns();
    return this.#constraints.length === 0 ? op : { type: 'filter', input: op, expression: fold('&&', this.#constraints) };
  }

  #patterns(): Operation {
    let op: Operation = this.#required.length === 1 ? this.#required[0]! : this.#required.length === 0 ? { type: 'bgp', patterns: [] } : { type: 'join', input: this.#required };
    for (const { op: right, condition } of this.#optionals) op = { type: 'leftjoin', left: op, right, expression: condition };
    return op;
  }
}

/** Adds one path expression's patterns and constraints to `gp`. */
export function pathExpr(path: PathExpr, gp: GraphPattern, scope: PatternScope): void {
  switch (path.type) {
    case 'basic':
      pathTail(path.tail, nodeTerms(path.head, gp, scope), gp, scope);
      break;
    case 'group':
      for (const p of path.paths) pathExpr(p, gp, scope);
      break;
    case 'optional': {
      const child = gp.child();
      for (const p of path.paths) pathExpr(p, child, scope);
      if (path.where) child.addConstraint(booleanExpression(path.where, scope));
      gp.addOptional(child);
      break;
    }
    case 'union':
      gp.addRequired({
        type: 'union',
        input: path.alternatives.map((alternative) => {
          const child = gp.child();
          pathExpr(alternative, child, scope);
          return child.build();
        }),
      });
      break;
  }
}

/** Each subject joined to each object by the edge; a chain continues from the objects, a `;` branch from the subjects. */
function pathTail(tail: PathTail, subjects: readonly PatternTerm[], gp: GraphPattern, scope: PatternScope): void {
  if (tail.type === 'optional') {
    const child = gp.child();
    pathTail(tail.tail, subjects, child, scope);
    if (tail.where) child.addConstraint(booleanExpression(tail.where, scope));
    gp.addOptional(child);
    if (tail.next) pathTail(tail.next.tail, subjects, gp, scope);
    return;
  }
  const predicate = edgeTerm(tail.edge, gp, scope);
  const objects = nodeTerms(tail.node, gp, scope);
  for (const subject of subjects) for (const object of objects) gp.addStatement(subject, predicate, object);
  if (tail.next) pathTail(tail.next.tail, tail.next.branch ? subjects : objects, gp, scope);
}

/**
 * The terms of a node; `{}` is an anonymous variable. The values of one node
 * are implicitly distinct: `{A, B}` adds `!sameTerm(A, B)` unless both are constants.
 */
function nodeTerms(node: NodeSet, gp: GraphPattern, scope: PatternScope): PatternTerm[] {
  if (node.elements.length === 0) return [scope.anonymous()];
  const terms = node.elements.map((e) => nodeElem(e, gp, scope));
  for (let i = 0; i < terms.length; i++) {
    for (let j = i + 1; j < terms.length; j++) {
      const [a, b] = [terms[i]!, terms[j]!];
      if (a.termType === 'Variable' || b.termType === 'Variable') gp.addConstraint(call('!', call('sameterm', asExpression(a), asExpression(b))));
    }
  }
  return terms;
}

function nodeElem(elem: NodeElem | undefined, gp: GraphPattern, scope: PatternScope): PatternTerm {
  if (!elem) return scope.anonymous();
  switch (elem.type) {
    case 'var': return patternVariable(elem, gp);
    case 'reified': {
      const id = scope.anonymous();
      const subject = nodeElem(elem.subject, gp, scope);
      const predicate = edgeTerm(elem.predicate, gp, scope);
      const object = nodeElem(elem.object, gp, scope);
      gp.addStatement(id, rdfTerm('type'), RDF_STATEMENT);
      gp.addStatement(id, rdfTerm('subject'), subject);
      gp.addStatement(id, rdfTerm('predicate'), predicate);
      gp.addStatement(id, rdfTerm('object'), object);
      return id;
    }
    default: return scope.namespaces.value(elem);
  }
}

function edgeTerm(edge: Var | Uri, gp: GraphPattern, scope: PatternScope): PatternTerm {
  return edge.type === 'var' ? patternVariable(edge, gp) : scope.namespaces.iri(edge);
}

export function patternVariable(v: Var, gp: GraphPattern): Variable {
  gp.record.variables.add(v.name);
  return variableTerm(v.name);
}

export function asExpression(term: PatternTerm): Expression {
  return term.termType === 'Variable' ? variable(term.value) : { type: 'term', term };
}
