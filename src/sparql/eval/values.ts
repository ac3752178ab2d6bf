/**
 * VALUES (SPARQL 1.1 Query §10.2, §18.2.4.3 "ToMultiSet" of inline data):
 * a constant table of rows, each joined with the incoming row.
 */
import type { PlanNode } from '../plan.ts';
import { UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { merge } from './join.ts';

export function compileValues(node: Extract<PlanNode, { type: 'values' }>, scope: Scope): Run {
  const slots = node.variables.map((v) => scope.slots.of(v));
  const { ctx } = scope;
  let rows: Row[] | undefined;
  const table = (): Row[] =>
    (rows ??= node.rows.map((values) => {
      const row = ctx.emptyRow();
      values.forEach((term, i) => {
        row[slots[i]!] = term === undefined ? UNBOUND : ctx.dictionary.id(term);
      });
      return row;
    }));
  return function* values(row) {
    for (const r of table()) {
      const merged = merge(row, r);
      if (merged) yield merged;
    }
  };
}
