/**
 * Extend (SPARQL 1.1 Query §18.5 "Extend", BIND and SELECT expressions):
 * adds the expression's value; an evaluation error leaves the variable unbound.
 * A chain of Extends (one per SELECT expression) is evaluated as one step, so
 * BNODE("label") gives the same node across the chain for one solution
 * (§17.4.2.9) and a new one for the next.
 */
import type { Term } from '../../rdf/terms.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileValue } from './expression.ts';

type ExtendNode = Extract<PlanNode, { type: 'extend' }>;

export function compileExtend(node: ExtendNode, scope: Scope): Run {
  const chain: ExtendNode[] = [node];
  while (chain[0]!.input.type === 'extend') chain.unshift(chain[0]!.input as ExtendNode);
  const input = scope.compile(chain[0]!.input);
  const bindings = chain.map((n) => ({ slot: scope.slots.of(n.variable), value: compileValue(n.expression, scope) }));
  const { dictionary, functions } = scope.ctx;
  const perSolutionBnodes = scope.usesBnode;

  /** The row with every binding of the chain added, or undefined when one disagrees with a value passed in. */
  const extend = (r: Row): Row | undefined => {
    if (perSolutionBnodes) functions.nextSolution();
    let out = r;
    for (const { slot, value } of bindings) {
      const term: Term | undefined = value(out);
      if (term === undefined) continue;
      const id = dictionary.id(term);
      if (out[slot] !== UNBOUND) {
        if (out[slot] !== id) return undefined;
        continue;
      }
      if (out === r) out = r.slice();
      out[slot] = id;
    }
    return out;
  };

  return function* extendRows(row) {
    for (const r of input(row)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      const out = extend(r);
      if (out) yield out;
    }
  };
}
