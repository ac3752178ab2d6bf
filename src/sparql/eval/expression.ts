/**
 * Expression evaluation (SPARQL 1.1 Query §17.2–§17.4): compiles an algebra
 * expression once into a closure over rows. Functions come from the §17
 * library (`../expr`); this file holds only the functional forms that need
 * unevaluated arguments or errors as values — `&&`, `||` (§17.4.1.5–6, the
 * three-valued truth tables), BOUND, IF, COALESCE, IN/NOT IN, EXISTS/NOT
 * EXISTS (§17.4.1.1–4, 9–10, §18.6) — and the error-as-unbound conventions.
 *
 * A compiled expression returns a term or throws `ExpressionError`.
 */
import type { Term } from '../../rdf/terms.ts';
import { expressionVariables, type Expression } from '../algebra.ts';
import { QueryEvaluationError } from '../api.ts';
import { bool, effectiveBooleanValue, ExpressionError, resolveFunction, valueEquals, type SparqlFunction } from '../expr/index.ts';
import { UNBOUND, type Row } from './context.ts';
import { compileExists } from './exists.ts';
import type { Scope } from './evaluate.ts';

export type Evaluator = (row: Row) => Term;

export function compileExpression(e: Expression, scope: Scope): Evaluator {
  switch (e.type) {
    case 'term': {
      const term = e.term;
      return () => term;
    }
    case 'variable': {
      const slot = scope.slots.of(e.name);
      const dictionary = scope.ctx.dictionary;
      return (row) => {
        const id = row[slot]!;
        if (id === UNBOUND) throw new ExpressionError(`?${e.name} is unbound`);
        return dictionary.valueTerm(id);
      };
    }
    case 'exists': {
      const test = compileExists(e.pattern, scope);
      return e.not ? (row) => bool(!test(row)) : (row) => bool(test(row));
    }
    case 'call': return compileCall(e.name, e.args, scope);
  }
}

/** A FILTER condition: true only when the effective boolean value is true; an error is false (§17.2). */
export function compileCondition(e: Expression, scope: Scope): (row: Row) => boolean {
  const evaluate = compileExpression(e, scope);
  return (row) => {
    try {
      return effectiveBooleanValue(evaluate(row));
    } catch (error) {
      if (error instanceof ExpressionError) return false;
      throw error;
    }
  };
}

/** The value for BIND, projection and GROUP BY: an error leaves the variable unbound (§18.5 Extend). */
export function compileValue(e: Expression, scope: Scope): (row: Row) => Term | undefined {
  const evaluate = compileExpression(e, scope);
  return (row) => {
    try {
      return evaluate(row);
    } catch (error) {
      if (error instanceof ExpressionError) return undefined;
      throw error;
    }
  };
}

function compileCall(name: string, argExpressions: readonly Expression[], scope: Scope): Evaluator {
  if (name === 'bound') return compileBound(argExpressions[0]!, scope);
  const args = argExpressions.map((a) => compileExpression(a, scope));
  switch (name) {
    case '&&': return logical(args, false);
    case '||': return logical(args, true);
    case 'if': {
      const [test, then, otherwise] = args as [Evaluator, Evaluator, Evaluator];
      return (row) => (effectiveBooleanValue(test(row)) ? then(row) : otherwise(row));
    }
    case 'coalesce':
      return (row) => {
        for (const arg of args) {
          try {
            return arg(row);
          } catch (error) {
            if (!(error instanceof ExpressionError)) throw error;
          }
        }
        throw new ExpressionError('COALESCE: no argument has a value');
      };
    case 'in': return membership(args, true);
    case 'notin': return membership(args, false);
  }
  const fn = resolveFunction(name);
  if (!fn) return unknownFunction(name, scope);
  if ((name === '=' || name === '!=') && !scope.ctx.options.strict) return callWith(openWorldEquality(fn, name === '!='), args, scope);
  if (name === 'bnode') scope.usesBnode = true;
  const call = callWith(fn, args, scope);
  return FRESH_EACH_CALL.has(name) ? call : memoized(call, argExpressions, scope);
}

/** Functions whose value is new on every call (§17.4.2.9, §17.4.4.5, §17.4.2.12–13): never memoized. */
const FRESH_EACH_CALL = new Set(['bnode', 'rand', 'uuid', 'struuid']);

/**
 * A deterministic call over one or two variables remembers its last inputs and
 * result: in a nested loop the outer variables change far less often than the
 * rows (e.g. `?x < (?orig + 120)` computes `?orig + 120` once per ?orig).
 */
function memoized(call: Evaluator, argExpressions: readonly Expression[], scope: Scope): Evaluator {
  const variables = new Set<string>();
  for (const arg of argExpressions) {
    if (arg.type === 'exists' || hasFreshCall(arg)) return call;
    expressionVariables(arg, variables);
  }
  if (variables.size === 0 || variables.size > 2) return call;
  const [a = -1, b = -1] = [...variables].map((v) => scope.slots.of(v));
  let lastA = NaN;
  let lastB = NaN;
  let last: { value?: Term; error?: unknown } | undefined;
  return (row) => {
    const va = row[a]!;
    const vb = b < 0 ? 0 : row[b]!;
    if (!last || va !== lastA || vb !== lastB) {
      lastA = va;
      lastB = vb;
      try {
        last = { value: call(row) };
      } catch (error) {
        last = { error };
      }
    }
    if (last.error !== undefined) throw last.error;
    return last.value!;
  };
}

function hasFreshCall(e: Expression): boolean {
  return e.type === 'call' && (FRESH_EACH_CALL.has(e.name) || e.args.some(hasFreshCall));
}

function callWith(fn: SparqlFunction, args: readonly Evaluator[], scope: Scope): Evaluator {
  const context = scope.ctx.functions;
  switch (args.length) {
    case 0: return () => fn([], context);
    case 1: { const [a] = args as [Evaluator]; return (row) => fn([a(row)], context); }
    case 2: { const [a, b] = args as [Evaluator, Evaluator]; return (row) => fn([a(row), b(row)], context); }
    default: return (row) => fn(args.map((a) => a(row)), context);
  }
}

/** An IRI the library does not know: in STRICT mode a query error, otherwise an evaluation error per call (§17.6). */
function unknownFunction(name: string, scope: Scope): Evaluator {
  if (scope.ctx.options.strict) throw new QueryEvaluationError(`unknown function <${name}>`);
  return () => {
    throw new ExpressionError(`unknown function <${name}>`);
  };
}

/**
 * STANDARD mode's `=`/`!=` (README.md): where §17.4.1.7 RDFterm-equal raises a
 * type error for terms of different kinds, it answers "not equal" instead —
 * the DAWG open-world options `LangTagAwareness` and `KnownTypesDefault2Neq`:
 * a non-literal never equals a literal, and a language-tagged literal never
 * equals one without a tag. (Ill-typed literals stay errors: their value is unknown.)
 */
function openWorldEquality(fn: SparqlFunction, negated: boolean): SparqlFunction {
  return (args, context) => {
    try {
      return fn(args, context);
    } catch (error) {
      const [a, b] = args as [Term, Term];
      if (!(error instanceof ExpressionError) || !knownDifferent(a, b)) throw error;
      return bool(negated);
    }
  };
}

function knownDifferent(a: Term, b: Term): boolean {
  if (a.termType !== 'Literal' || b.termType !== 'Literal') return !a.equals(b);
  return Boolean(a.language) !== Boolean(b.language);
}

function compileBound(arg: Expression, scope: Scope): Evaluator {
  if (arg.type !== 'variable') throw new QueryEvaluationError('BOUND takes a variable');
  const slot = scope.slots.of(arg.name);
  return (row) => bool(row[slot] !== UNBOUND);
}

/**
 * `||` and `&&` over errors (§17.4.1.5–6): `true || error` = true,
 * `false && error` = false; otherwise an error operand makes the result an error.
 */
function logical(args: readonly Evaluator[], isOr: boolean): Evaluator {
  return (row) => {
    let error: unknown;
    for (const arg of args) {
      try {
        if (effectiveBooleanValue(arg(row)) === isOr) return bool(isOr);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw e;
        error = e;
      }
    }
    if (error) throw error;
    return bool(!isOr);
  };
}

/** IN / NOT IN (§17.4.1.9–10): `=` against each member; an error counts only if nothing matched. */
function membership(args: readonly Evaluator[], isIn: boolean): Evaluator {
  const [needle, ...list] = args as [Evaluator, ...Evaluator[]];
  return (row) => {
    const value = needle(row);
    let error: unknown;
    for (const member of list) {
      try {
        if (valueEquals(value, member(row))) return bool(isIn);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw e;
        error = e;
      }
    }
    if (error) throw error;
    return bool(!isIn);
  };
}
