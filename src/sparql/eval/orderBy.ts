/**
 * OrderBy (SPARQL 1.1 Query §15.1, §18.5 "OrderBy"): sorts by the conditions
 * in turn with the §15.1 ordering of terms (unbound first, then blank nodes,
 * IRIs, literals); an expression error sorts like unbound. The sort is stable,
 * so ties keep their input order.
 */
import type { Term } from '../../rdf/terms.ts';
import { compareForOrderBy } from '../expr/index.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileValue } from './expression.ts';

export function compileOrderBy(node: Extract<PlanNode, { type: 'orderby' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const keys = node.conditions.map((c) => ({ value: compileValue(c.expression, scope), sign: c.descending ? -1 : 1 }));
  const { ctx } = scope;
  return function* orderBy(row) {
    const entries: { row: Row; keys: (Term | undefined)[] }[] = [];
    for (const r of input(row)) {
      if (r === PAUSE) yield r;
      else entries.push({ row: r, keys: keys.map((k) => k.value(r)) });
    }
    ctx.checkAborted();
    entries.sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        const c = compareForOrderBy(a.keys[i], b.keys[i]);
        if (c !== 0) return c * keys[i]!.sign;
      }
      return 0;
    });
    for (const e of entries) yield e.row;
  };
}
