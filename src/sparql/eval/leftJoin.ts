/**
 * LeftJoin (SPARQL 1.1 Query §18.5 "LeftJoin", OPTIONAL with its filter):
 * each left row is extended by the right rows compatible with it whose merge
 * passes the filter; a left row with none is kept as it is.
 */
import type { PlanNode } from '../plan.ts';
import { PAUSE, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileCondition } from './expression.ts';

export function compileLeftJoin(node: Extract<PlanNode, { type: 'leftjoin' }>, scope: Scope): Run {
  const left = scope.compile(node.left);
  const right = scope.compile(node.right);
  const condition = node.expression ? compileCondition(node.expression, scope) : undefined;
  return function* leftJoin(row) {
    for (const l of left(row)) {
      if (l === PAUSE) {
        yield l;
        continue;
      }
      let extended = false;
      for (const r of right(l)) {
        if (r === PAUSE) yield r;
        else if (!condition || condition(r)) {
          extended = true;
          yield r;
        }
      }
      if (!extended) yield l;
    }
  };
}
