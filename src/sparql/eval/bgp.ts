/**
 * Basic graph pattern matching (SPARQL 1.1 Query §18.3.1, §18.5 eval(D(G), BGP)),
 * one triple pattern at a time: the planner splits a BGP into patterns and
 * joins them, so this is the index nested loop's inner side. Each incoming
 * row's bound variables become constants of the store lookup.
 */
import type { Id, IdQuad } from '../../sail/sail.ts';
import type { PatternTerm } from '../algebra.ts';
import { matchActive } from '../dataset.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

/** A pattern position, compiled: a constant id (undefined = unknown to the store), or a variable slot. */
type Position = { readonly constant: true; readonly id: Id | undefined } | { readonly constant: false; readonly slot: number };

/** The compiled lookup of one pattern: its variable slots and the statements matching a row. */
interface PatternLookup {
  readonly slots: readonly [s: number, p: number, o: number];
  /** The statements matching the row's bindings; undefined for none at all. */
  readonly match: (row: Row) => Iterable<IdQuad> | undefined;
}

function compileLookup(node: Extract<PlanNode, { type: 'pattern' }>, scope: Scope): PatternLookup | undefined {
  const { ctx } = scope;
  const position = (term: PatternTerm): Position =>
    term.termType === 'Variable'
      ? { constant: false, slot: scope.slots.of(term.value) }
      : { constant: true, id: ctx.dictionary.stored(term) };
  const positions = [position(node.pattern.subject), position(node.pattern.predicate), position(node.pattern.object)];
  if (positions.some((p) => p.constant && p.id === undefined)) return undefined;
  const [ss, ps, os] = positions.map((p) => (p.constant ? -1 : p.slot)) as [number, number, number];
  const [cs, cp, co] = positions.map((p) => (p.constant ? p.id : undefined)) as [Id | undefined, Id | undefined, Id | undefined];
  const graph = scope.graph;
  const match = (row: Row): Iterable<IdQuad> | undefined => {
    const s = ss < 0 ? cs : row[ss] || undefined;
    const p = ps < 0 ? cp : row[ps] || undefined;
    const o = os < 0 ? co : row[os] || undefined;
    // Computed terms (negative ids) are unknown to the store: they match nothing.
    if ((s !== undefined && s < 0) || (p !== undefined && p < 0) || (o !== undefined && o < 0)) return undefined;
    const g = graph.kind === 'default' ? undefined : graph.kind === 'named' ? graph.id : row[graph.slot];
    return matchActive(ctx, g, s, p, o);
  };
  return { slots: [ss, ps, os], match };
}

export function compileBgpPattern(node: Extract<PlanNode, { type: 'pattern' }>, scope: Scope): Run {
  const lookup = compileLookup(node, scope);
  if (!lookup) return () => [];
  const { ctx } = scope;
  const [ss, ps, os] = lookup.slots;
  return function* matchPattern(row: Row): Iterable<Row> {
    const quads = lookup.match(row);
    if (!quads) return;
    for (const quad of quads) {
      if (ctx.tick()) yield PAUSE;
      const out = row.slice();
      // Bind the free positions; a variable repeated in the pattern (`?x :p ?x`) must take one value.
      if (ss >= 0 && out[ss] === UNBOUND) out[ss] = quad[0];
      if (ps >= 0) {
        if (out[ps] === UNBOUND) out[ps] = quad[1];
        else if (out[ps] !== quad[1]) continue;
      }
      if (os >= 0) {
        if (out[os] === UNBOUND) out[os] = quad[2];
        else if (out[os] !== quad[2]) continue;
      }
      if (ss >= 0 && out[ss] !== quad[0]) continue;
      yield out;
    }
  };
}

/** A pattern whose variables the row binds already: a test of the row (plan `check`). */
export function compileBgpCheck(node: Extract<PlanNode, { type: 'pattern' }>, scope: Scope): (row: Row) => boolean {
  const lookup = compileLookup(node, scope);
  if (!lookup) return () => false;
  return (row) => {
    const quads = lookup.match(row);
    if (!quads) return false;
    for (const _ of quads) return true;
    return false;
  };
}
