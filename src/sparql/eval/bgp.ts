/**
 * Basic graph pattern matching (SPARQL 1.1 Query §18.3.1, §18.5 eval(D(G), BGP)),
 * one triple pattern at a time: the planner splits a BGP into patterns and
 * joins them, so this is the index nested loop's inner side. Each incoming
 * row's bound variables become constants of the store lookup.
 */
import type { Id } from '../../sail/sail.ts';
import type { PatternTerm } from '../algebra.ts';
import { matchActive } from '../dataset.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

/** A pattern position, compiled: a constant id (undefined = unknown to the store), or a variable slot. */
type Position = { readonly constant: true; readonly id: Id | undefined } | { readonly constant: false; readonly slot: number };

export function compileBgpPattern(node: Extract<PlanNode, { type: 'pattern' }>, scope: Scope): Run {
  const { ctx } = scope;
  const position = (term: PatternTerm): Position =>
    term.termType === 'Variable'
      ? { constant: false, slot: scope.slots.of(term.value) }
      : { constant: true, id: ctx.dictionary.stored(term) };
  const positions = [position(node.pattern.subject), position(node.pattern.predicate), position(node.pattern.object)];
  if (positions.some((p) => p.constant && p.id === undefined)) return () => [];
  const slots = positions.map((p) => (p.constant ? -1 : p.slot)) as [number, number, number];
  const consts = positions.map((p) => (p.constant ? p.id : undefined)) as [Id | undefined, Id | undefined, Id | undefined];
  const graph = scope.graph;
  const [ss, ps, os] = slots;

  return function* matchPattern(row: Row): Iterable<Row> {
    const s = ss < 0 ? consts[0] : row[ss] || undefined;
    const p = ps < 0 ? consts[1] : row[ps] || undefined;
    const o = os < 0 ? consts[2] : row[os] || undefined;
    // Computed terms (negative ids) are unknown to the store: they match nothing.
    if ((s !== undefined && s < 0) || (p !== undefined && p < 0) || (o !== undefined && o < 0)) return;
    const g = graph.kind === 'default' ? undefined : graph.kind === 'named' ? graph.id : row[graph.slot];
    for (const quad of matchActive(ctx, g, s, p, o)) {
      if (ctx.tick()) yield PAUSE;
      const out = row.slice();
      // A variable repeated in the pattern (`?x :p ?x`) must take one value.
      if (ss >= 0 && s === undefined) out[ss] = quad[0];
      if (ps >= 0 && p === undefined) {
        if (out[ps] !== UNBOUND && out[ps] !== quad[1]) continue;
        out[ps] = quad[1];
      }
      if (os >= 0 && o === undefined) {
        if (out[os] !== UNBOUND && out[os] !== quad[2]) continue;
        out[os] = quad[2];
      }
      yield out;
    }
  };
}
