/**
 * Test harness for the §17 function library, so cases read like the spec's
 * examples: arguments and expected results are written as Turtle terms
 * (`1`, `2.5`, `"abc"@en`, `"2011-01-10T14:45:13Z"^^xsd:dateTime`, `<http://ex/>`).
 */
import { Parser } from 'n3';
import type { Test } from 'tap';
import { blankNode, termKey, type Term } from '../../rdf/terms.ts';
import { ExpressionError, resolveFunction, type FunctionContext } from './index.ts';

const PREFIXES = '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .';

/** A term from its Turtle spelling (blank nodes keep their label). */
export function term(turtle: string): Term {
  if (turtle.startsWith('_:')) return blankNode(turtle.slice(2));
  const [quad] = new Parser().parse(`${PREFIXES} <urn:s> <urn:p> ${turtle} .`);
  if (!quad) throw new Error(`not a term: ${turtle}`);
  return quad.object;
}

/** A fixed context: NOW() is 2011-01-10T14:45:13.815-05:00, blank nodes are numbered. */
export function context(overrides: Partial<FunctionContext> = {}): FunctionContext {
  let next = 0;
  const labelled = new Map<string, Term>();
  return {
    now: new Date('2011-01-10T19:45:13.815Z'),
    baseIRI: 'http://example.org/base/',
    bnode: (label) => {
      if (label === undefined) return blankNode(`b${next++}`);
      if (!labelled.has(label)) labelled.set(label, blankNode(`b${next++}`));
      return labelled.get(label) as ReturnType<FunctionContext['bnode']>;
    },
    ...overrides,
  };
}

/** Calls the function `name` with Turtle-spelled arguments. */
export function call(name: string, ...args: string[]): Term {
  return callWith(context(), name, ...args);
}

export function callWith(ctx: FunctionContext, name: string, ...args: string[]): Term {
  const fn = resolveFunction(name);
  if (!fn) throw new Error(`no function ${name}`);
  return fn(args.map(term), ctx);
}

/** The N-Triples key of a call's result, or "error" for an ExpressionError, to compare with `key(expected)`. */
export function result(name: string, ...args: string[]): string {
  try {
    return termKey(call(name, ...args));
  } catch (e) {
    if (e instanceof ExpressionError) return 'error';
    throw e;
  }
}

/** The N-Triples key of a Turtle-spelled expected value ("error" stays "error"). */
export function key(expected: string): string {
  return expected === 'error' ? 'error' : termKey(term(expected));
}

/** Checks rows of `[arguments, expected]` for one function, each row one assertion named like `F(a, b) = r`. */
export function table(t: Test, name: string, rows: readonly (readonly [readonly string[], string])[]): void {
  for (const [args, expected] of rows) {
    t.equal(result(name, ...args), key(expected), `${name}(${args.join(', ')}) = ${expected}`);
  }
}
