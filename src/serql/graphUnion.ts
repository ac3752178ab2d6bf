/**
 * UNION of SeRQL CONSTRUCT queries (spec §4.3 `queryLn=serql`) in the
 * algebra's single-template CONSTRUCT: each branch's variables are renamed
 * apart (a `#n` suffix, which no SeRQL name can contain), and each constant of
 * its template becomes a variable its own WHERE binds. A branch's rows then
 * bind nothing another branch's template uses, so every template triple is
 * instantiated only by rows of its own branch; the rows are the union.
 */
import type { Term } from '../rdf/terms.ts';
import type { Expression, Operation, PatternTerm, TemplateTriple, TriplePattern } from '../sparql/algebra.ts';
import { variableTerm } from './graphPattern.ts';

export interface GraphBranch {
  readonly where: Operation;
  readonly template: readonly TemplateTriple[];
}

export function unionOfGraphs(branches: readonly GraphBranch[]): GraphBranch {
  if (branches.length === 1) return branches[0]!;
  const parts = branches.map((branch, i) => apart(branch, `#${i + 1}`));
  return { where: { type: 'union', input: parts.map((p) => p.where) }, template: parts.flatMap((p) => p.template) };
}

function apart(branch: GraphBranch, suffix: string): GraphBranch {
  const rename = (name: string) => name + suffix;
  let where = renameOperation(branch.where, rename);
  let constants = 0;
  const position = (term: PatternTerm): PatternTerm => {
    if (term.termType === 'Variable') return variableTerm(rename(term.value));
    if (term.termType === 'BlankNode') return term;
    const name = `_:constant${++constants}${suffix}`;
    where = { type: 'extend', input: where, variable: name, expression: { type: 'term', term } };
    return variableTerm(name);
  };
  const template = branch.template.map((t) => ({ subject: position(t.subject), predicate: position(t.predicate), object: position(t.object) }));
  return { where, template };
}

type Rename = (name: string) => string;

function renameTerm<T extends Term>(term: T, rename: Rename): T {
  return (term.termType === 'Variable' ? variableTerm(rename(term.value)) : term) as T;
}

function renamePattern(p: TriplePattern, rename: Rename): TriplePattern {
  return { subject: renameTerm(p.subject, rename), predicate: renameTerm(p.predicate, rename), object: renameTerm(p.object, rename) };
}

function renameExpression(e: Expression, rename: Rename): Expression {
  switch (e.type) {
    case 'term': return e;
    case 'variable': return { type: 'variable', name: rename(e.name) };
    case 'call': return { ...e, args: e.args.map((a) => renameExpression(a, rename)) };
    case 'exists': return { ...e, pattern: renameOperation(e.pattern, rename) };
  }
}

/** Every variable of an operator renamed, over all operator types. */
function renameOperation(op: Operation, rename: Rename): Operation {
  const o = (x: Operation) => renameOperation(x, rename);
  const e = (x: Expression) => renameExpression(x, rename);
  switch (op.type) {
    case 'bgp': return { ...op, patterns: op.patterns.map((p) => renamePattern(p, rename)) };
    case 'path': return { ...op, subject: renameTerm(op.subject, rename), object: renameTerm(op.object, rename) };
    case 'join': case 'union': return { ...op, input: op.input.map(o) };
    case 'leftjoin': return { ...op, left: o(op.left), right: o(op.right), expression: op.expression && e(op.expression) };
    case 'minus': return { ...op, left: o(op.left), right: o(op.right) };
    case 'filter': return { ...op, input: o(op.input), expression: e(op.expression) };
    case 'graph': return { ...op, name: renameTerm(op.name, rename), input: o(op.input) };
    case 'extend': return { ...op, input: o(op.input), variable: rename(op.variable), expression: e(op.expression) };
    case 'values': return { ...op, variables: op.variables.map(rename) };
    case 'group':
      return {
        ...op, input: o(op.input), variables: op.variables.map(rename),
        aggregates: op.aggregates.map((a) => ({ ...a, variable: rename(a.variable), expression: a.expression && e(a.expression) })),
      };
    case 'orderby': return { ...op, input: o(op.input), conditions: op.conditions.map((c) => ({ ...c, expression: e(c.expression) })) };
    case 'project': return { ...op, input: o(op.input), variables: op.variables.map(rename) };
    case 'distinct': case 'reduced': case 'slice': return { ...op, input: o(op.input) };
    case 'service': return { ...op, name: renameTerm(op.name, rename), input: o(op.input) };
  }
}
