/**
 * Graph (SPARQL 1.1 Query §13.3, §18.5 eval(D(G), Graph(IRI|var, P))): the
 * inner pattern is matched in a named graph; with a variable, once per named
 * graph of the dataset (or the graph the incoming row already names), binding it.
 */
import { isNamedGraph, namedGraphs } from '../dataset.ts';
import type { PlanNode } from '../plan.ts';
import { UNBOUND, type Run } from './context.ts';
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
  const inner = scope.inGraph({ kind: 'variable', slot }).compile(node.input);
  return function* graph(row) {
    if (row[slot] !== UNBOUND) {
      if (isNamedGraph(ctx, row[slot]!)) yield* inner(row);
      return;
    }
    for (const g of namedGraphs(ctx)) {
      const bound = row.slice();
      bound[slot] = g;
      yield* inner(bound);
    }
  };
}
