/**
 * SeRQL boolean and value expressions (spec §4.3 `queryLn=serql`) as the
 * engine's `Expression` (SPARQL 1.1 Query §17), so no new evaluator code is
 * needed. Where SeRQL has no SPARQL twin the mapping is spelled out here and in
 * README.md: `like` is a REGEX, `label`/`namespace`/`localname` are built from
 * STR, REPLACE and IRI, and subquery comparisons are EXISTS patterns.
 */
import { df, xsd } from '../rdf/terms.ts';
import type { Expression, Operation } from '../sparql/algebra.ts';
import type { BooleanExpr, CompOp, TupleQuerySet, ValueExpr, ValueOrNull } from './ast.ts';
import { syntaxError, type Position } from './lexer.ts';
import type { Namespaces } from './namespaces.ts';

/**
 * One branch of a subquery as a pattern evaluated with the outer row's
 * bindings (SeRQL subqueries see the outer variables), and the expression its
 * first projection element computes, if it has one.
 */
export interface SubqueryBranch {
  readonly pattern: Operation;
  readonly value?: Expression;
}

/** What expressions need from the translator: the namespaces, and subqueries translated. */
export interface ExpressionScope {
  readonly namespaces: Namespaces;
  subquery(query: TupleQuerySet): readonly SubqueryBranch[];
}

export const call = (name: string, ...args: Expression[]): Expression => ({ type: 'call', name, args });
export const variable = (name: string): Expression => ({ type: 'variable', name });
const string = (value: string): Expression => ({ type: 'term', term: df.literal(value) });
const boolean = (value: boolean): Expression => ({ type: 'term', term: df.literal(String(value), xsd.boolean) });

/** COALESCE() with no arguments: SPARQL's own spelling of "no value" (§17.4.1.4), used as the error branch. */
const NO_VALUE = call('coalesce');

/** Left-nested binary `&&`/`||`, the shape the planner splits into conjuncts. */
export function fold(name: '&&' | '||', args: readonly Expression[]): Expression {
  return args.reduce((left, right) => call(name, left, right));
}

export function booleanExpression(e: BooleanExpr, scope: ExpressionScope): Expression {
  const value = (v: ValueExpr) => valueExpression(v, scope);
  switch (e.type) {
    case 'or': return fold('||', e.args.map((a) => booleanExpression(a, scope)));
    case 'and': return fold('&&', e.args.map((a) => booleanExpression(a, scope)));
    case 'not': return call('!', booleanExpression(e.arg, scope));
    case 'constant': return boolean(e.value);
    case 'compare': return compare(e.op, e.left, e.right, e.at, scope);
    case 'quantified': return quantified(e.op, e.quantifier, notNull(e.left, scope), e.query, scope);
    case 'like': return like(notNull(e.value, scope), e.pattern, e.ignoreCase);
    case 'in': return quantified('=', 'any', notNull(e.value, scope), e.query, scope);
    case 'inList': {
      const needle = notNull(e.value, scope);
      return fold('||', e.list.map((member) => call('sameterm', needle, value(member))));
    }
    case 'exists': return { type: 'exists', not: false, pattern: unionOf(scope.subquery(e.query).map((b) => b.pattern)) };
    case 'test': return test(e.name, variable(e.arg.name));
    case 'sameterm': case 'langmatches': case 'regex': return call(e.type, ...e.args.map(value));
  }
}

export function valueExpression(e: ValueExpr, scope: ExpressionScope): Expression {
  switch (e.type) {
    case 'var': return variable(e.name);
    case 'uri': case 'qname': case 'bnode': case 'literal': return { type: 'term', term: scope.namespaces.value(e) };
    case 'call': return call(scope.namespaces.iri(e.function).value, ...e.args.map((a) => valueExpression(a, scope)));
    case 'function': return valueFunction(e.name, valueExpression(e.arg, scope));
  }
}

/** `null` only survives as `X = null` (unbound) and `X != null` (bound), as Sesame's NullProcessor rewrote it. */
function compare(op: CompOp, left: ValueOrNull, right: ValueOrNull, at: Position, scope: ExpressionScope): Expression {
  const nullSide = left.type === 'null' ? right : right.type === 'null' ? left : undefined;
  if (nullSide) {
    if (nullSide.type !== 'var' || (op !== '=' && op !== '!=')) syntaxError(at, 'null can only be compared to a variable with = or != (use bound(...))');
    const bound = call('bound', variable(nullSide.name));
    return op === '=' ? call('!', bound) : bound;
  }
  return call(op, notNull(left, scope), notNull(right, scope));
}

function notNull(v: ValueOrNull, scope: ExpressionScope): Expression {
  if (v.type === 'null') syntaxError(v.at, 'null is only allowed in = and != comparisons (use bound(...))');
  return valueExpression(v, scope);
}

/**
 * `x op any (Q)`: some row of Q has `x op v`; `x op all (Q)`: no row of Q
 * fails it, where a comparison error counts as failing (coalesce to false), so
 * an incomparable value makes `all` false as it does in Sesame.
 */
function quantified(op: CompOp, quantifier: 'any' | 'all', left: Expression, query: TupleQuerySet, scope: ExpressionScope): Expression {
  const branches = scope.subquery(query).map((branch) => {
    if (!branch.value) return syntaxError(firstPosition(query), 'the subquery must project a value to compare with');
    const test = call(op, left, branch.value);
    const condition = quantifier === 'any' ? test : call('!', call('coalesce', test, boolean(false)));
    return { type: 'filter', input: branch.pattern, expression: condition } as const;
  });
  return { type: 'exists', not: quantifier === 'all', pattern: unionOf(branches) };
}

function firstPosition(query: TupleQuerySet): Position {
  return query.type === 'set' ? firstPosition(query.left) : query.at;
}

export function unionOf(ops: readonly Operation[]): Operation {
  return ops.length === 1 ? ops[0]! : { type: 'union', input: ops };
}

/**
 * `x like "pat*"`: the whole label of a literal, or the whole URI, matches the
 * pattern where `*` stands for any characters; `ignore case` folds case.
 */
function like(value: Expression, pattern: string, ignoreCase: boolean): Expression {
  const regex = pattern.split('*').map((part) => part.replace(/[\\.^$|?+()[\]{}]/g, '\\$&')).join('.*');
  return call('regex', call('str', value), string(`^${regex}$`), string(ignoreCase ? 'si' : 's'));
}

function test(name: 'bound' | 'isresource' | 'isuri' | 'isbnode' | 'isliteral', arg: Expression): Expression {
  switch (name) {
    case 'bound': return call('bound', arg);
    case 'isresource': return call('||', call('isiri', arg), call('isblank', arg));
    case 'isuri': return call('isiri', arg);
    case 'isbnode': return call('isblank', arg);
    case 'isliteral': return call('isliteral', arg);
  }
}

/**
 * A URI's namespace ends at its last `#`, else its last `/`, else its last `:`
 * (Sesame's local-name rule); the alternatives are tried in that order.
 */
const LOCAL_NAME_SPLIT = '^(.*#|[^#]*/|[^#/]*:)';

function valueFunction(name: 'datatype' | 'lang' | 'label' | 'namespace' | 'localname' | 'str', arg: Expression): Expression {
  switch (name) {
    case 'datatype': case 'lang': case 'str': return call(name, arg);
    // The label of a literal, as a plain literal; no value for a URI or blank node.
    case 'label': return call('if', call('isliteral', arg), call('str', arg), NO_VALUE);
    case 'namespace':
      return call('if', call('isiri', arg), call('iri', call('replace', call('str', arg), string(LOCAL_NAME_SPLIT + '.*$'), string('$1'))), NO_VALUE);
    case 'localname':
      return call('if', call('isiri', arg), call('replace', call('str', arg), string(LOCAL_NAME_SPLIT), string('')), NO_VALUE);
  }
}
