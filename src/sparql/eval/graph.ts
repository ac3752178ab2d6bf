/**
 * Graph (SPARQL 1.1 Query §13.3, §18.5 eval(D(G), Graph(IRI|var, P))): the
 * inner pattern is matched in a named graph; with a variable, once per named
 * graph of the dataset (or the graph the incoming row already names), and the
 * variable is then joined with the graph's name. The variable is not in scope
 * inside the pattern (§18.5: eval(D(G[i]), P) joined with ?var = i), so the
 * active graph travels in a hidden slot of its own.
 */
import { isNamedGraph, namedGraphs } from '../dataset.ts';
import type { PlanNode } from '../plan.ts';
import type { Id } from '../../sail/sail.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

export function compileGraph(node: Extract<PlanNode, { type: 'graph' }>, scope: Scope): Run {
  const { ctx } = scope;
  if (node.name.termType === 'NamedNode') {
    const id = ctx.dictionary.stored(node.name);
    if (id === undefined) return () => [];
    const inner = scope.inGraph({ kind: 'named', id }).compile(node.input);
    return (row) => (isNamedGraph(ctx, id) ? inner(row) : []);
  }
  const slot = scope.slots.of(node.name.value);
  const active = scope.slots.of(`graph ${node.name.value}`);
  const inner = scope.inGraph({ kind: 'variable', slot: active }).compile(node.input);
  function* inGraph(row: Row, g: Id): Iterable<Row> {
    const entered = row.slice();
    entered[active] = g;
    for (const r of inner(entered)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      if (r[slot] !== UNBOUND && r[slot] !== g) continue;
      const out = r.slice();
      out[slot] = g;
      out[active] = row[active]!;
      yield out;
    }
  }
  return function* graph(row) {
    if (row[slot] !== UNBOUND) {
      if (isNamedGraph(ctx, row[slot]!)) yield* inGraph(row, row[slot]!);
      return;
    }
    for (const g of namedGraphs(ctx)) yield* inGraph(row, g);
  };
}
