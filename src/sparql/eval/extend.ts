/**
 * Extend (SPARQL 1.1 Query §18.5 "Extend", BIND and SELECT expressions):
 * adds the expression's value; an evaluation error leaves the variable unbound.
 */
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileValue } from './expression.ts';

export function compileExtend(node: Extract<PlanNode, { type: 'extend' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const slot = scope.slots.of(node.variable);
  const value = compileValue(node.expression, scope);
  const { dictionary, functions } = scope.ctx;
  const perSolutionBnodes = scope.usesBnode;
  return function* extend(row) {
    for (const r of input(row)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      if (perSolutionBnodes) functions.nextSolution();
      const term = value(r);
      if (term === undefined) {
        yield r;
        continue;
      }
      const id = dictionary.id(term);
      // The variable may already hold a value passed in from outside: the rows must then agree (join).
      if (r[slot] !== UNBOUND) {
        if (r[slot] === id) yield r;
        continue;
      }
      const out = r.slice();
      out[slot] = id;
      yield out;
    }
  };
}
