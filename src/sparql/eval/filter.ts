/**
 * Filter (SPARQL 1.1 Query §18.5 "Filter", §17.2): keeps the rows whose
 * condition has effective boolean value true; an error drops the row. Filters
 * over a join are pushed into the join by the planner (join.ts); this is the
 * rest (over OPTIONAL, UNION, subqueries …).
 */
import type { PlanNode } from '../plan.ts';
import { PAUSE, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileCondition } from './expression.ts';

export function compileFilter(node: Extract<PlanNode, { type: 'filter' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const condition = compileCondition(node.expression, scope);
  return function* filter(row) {
    for (const r of input(row)) if (r === PAUSE || condition(r)) yield r;
  };
}
