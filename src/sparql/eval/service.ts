/**
 * SERVICE (SPARQL 1.1 Federated Query §4): the remote solutions are fetched
 * before the synchronous pipeline starts (the engine awaits `fetchServices`)
 * and then joined with each incoming row like VALUES. SERVICE SILENT yields
 * the incoming row unchanged when the endpoint failed (§4.1).
 */
import { QueryEvaluationError } from '../api.ts';
import type { PlanNode } from '../plan.ts';
import type { Row, Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { merge } from './join.ts';

export function compileService(node: Extract<PlanNode, { type: 'service' }>, scope: Scope): Run {
  const { ctx } = scope;
  const slotOf = new Map(node.variables.map((v) => [v, scope.slots.of(v)]));
  let rows: Row[] | undefined;
  return function* service(row) {
    const fetched = ctx.services.get(node);
    if (!fetched || fetched instanceof Error) {
      if (node.silent) yield row;
      else throw new QueryEvaluationError(`SERVICE <${node.name.value}> failed: ${fetched?.message ?? 'not fetched'}`);
      return;
    }
    rows ??= fetched.map((solution) => {
      const r = ctx.emptyRow();
      for (const [name, term] of solution) {
        const slot = slotOf.get(name);
        if (slot !== undefined) r[slot] = ctx.dictionary.id(term);
      }
      return r;
    });
    for (const r of rows) {
      const merged = merge(row, r);
      if (merged) yield merged;
    }
  };
}
