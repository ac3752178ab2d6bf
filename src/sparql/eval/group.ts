/**
 * Group and Aggregation (SPARQL 1.1 Query §11, §18.5 "Group", "Aggregation"):
 * solutions are partitioned by the ids of the GROUP BY variables and each
 * aggregate is accumulated per group by the §18.5.1 set functions of the
 * expression library. With no GROUP BY the whole input is one group, even
 * when empty (§11.1: `COUNT(*)` of nothing is 0).
 */
import { literal } from '../../rdf/terms.ts';
import { createAggregator, type Aggregator } from '../expr/index.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileValue } from './expression.ts';

interface GroupState {
  readonly first: Row;
  readonly aggregators: Aggregator[];
}

export function compileGroup(node: Extract<PlanNode, { type: 'group' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const keySlots = node.variables.map((v) => scope.slots.of(v));
  const { ctx } = scope;
  const aggregates = node.aggregates.map((a) => ({
    slot: scope.slots.of(a.variable),
    create: () => createAggregator(a.name, a.distinct, a.separator),
    // COUNT(*) counts solutions: with DISTINCT, distinct solutions, told apart by a literal of their ids.
    value: a.expression ? compileValue(a.expression, scope) : a.distinct ? (r: Row) => literal(r.join(',')) : () => STAR,
  }));
  const graphSlot = scope.graph.kind === 'variable' ? scope.graph.slot : -1;

  return function* group(row) {
    const groups = new Map<string, GroupState>();
    const base = ctx.emptyRow();
    if (graphSlot >= 0) base[graphSlot] = row[graphSlot]!;
    for (const r of input(base)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      const key = keySlots.map((s) => r[s]).join(',');
      let state = groups.get(key);
      if (!state) groups.set(key, (state = { first: r, aggregators: aggregates.map((a) => a.create()) }));
      aggregates.forEach((a, i) => state.aggregators[i]!.add(a.value(r)));
    }
    if (groups.size === 0 && keySlots.length === 0) {
      groups.set('', { first: base, aggregators: aggregates.map((a) => a.create()) });
    }
    for (const state of groups.values()) {
      const out = row.slice();
      let compatible = true;
      const set = (slot: number, id: number) => {
        if (out[slot] === UNBOUND) out[slot] = id;
        else if (out[slot] !== id) compatible = false;
      };
      for (const slot of keySlots) if (state.first[slot] !== UNBOUND) set(slot, state.first[slot]!);
      aggregates.forEach((a, i) => {
        const result = state.aggregators[i]!.result();
        if (result !== undefined) set(a.slot, ctx.dictionary.id(result));
      });
      if (compatible) yield out;
    }
  };
}

const STAR = literal('*');
