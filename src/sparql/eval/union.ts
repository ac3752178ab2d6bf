/** Union (SPARQL 1.1 Query §18.5 "Union"): the bag union of the branches' solutions, branch by branch. */
import type { PlanNode } from '../plan.ts';
import type { Run } from './context.ts';
import type { Scope } from './evaluate.ts';

export function compileUnion(node: Extract<PlanNode, { type: 'union' }>, scope: Scope): Run {
  const branches = node.input.map((branch) => scope.compile(branch));
  return function* union(row) {
    for (const branch of branches) yield* branch(row);
  };
}
