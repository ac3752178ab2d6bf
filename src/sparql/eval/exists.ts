/**
 * EXISTS and NOT EXISTS (SPARQL 1.1 Query §17.4.1.4, §18.6 "exists"): the
 * pattern is evaluated with the current row substituted, and the answer is
 * whether it has any solution; evaluation stops at the first one.
 */
import type { Operation } from '../algebra.ts';
import { PAUSE, type Row } from './context.ts';
import type { Scope } from './evaluate.ts';

/** §18.6 exists(pattern): some solution of the pattern with the row substituted. */
export function compileExists(pattern: Operation, scope: Scope): (row: Row) => boolean {
  const run = scope.compileOperation(pattern, true);
  const ctx = scope.ctx;
  return (row) => {
    for (const solution of run(row)) {
      if (solution !== PAUSE) return true;
      ctx.checkAborted();
    }
    return false;
  };
}

