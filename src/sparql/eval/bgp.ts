/**
 * Basic graph pattern matching (SPARQL 1.1 Query §18.3.1, §18.5 eval(D(G), BGP)),
 * one triple pattern at a time: the planner splits a BGP into patterns and
 * joins them, so this is the index nested loop's inner side. Each incoming
 * row's bound variables become constants of the store lookup.
 *
 * Adaptive probe table: a pattern probed many times with the same bound
 * positions (the inner side of a large join) stops asking the store each
 * time — every `match` call pays for index selection — and instead scans its
 * constant part once into a hash table keyed by the bound positions, when that
 * scan is cheaper than the probes still expected (the probes made so far,
 * doubling each time it is reconsidered).
 */
import type { Id, IdQuad } from '../../sail/sail.ts';
import type { PatternTerm } from '../algebra.ts';
import { matchActive } from '../dataset.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type ExecutionContext, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

/** A pattern position, compiled: a constant id (undefined = unknown to the store), or a variable slot. */
type Position = { readonly constant: true; readonly id: Id | undefined } | { readonly constant: false; readonly slot: number };

/** Probes with one set of bound positions before a table is considered, and the scan/probe cost ratio. */
const PROBES_BEFORE_TABLE = 256;
const SCANNED_PER_PROBE = 32;

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
  const tables = graph.kind === 'variable' ? undefined : new ProbeTables(ctx, graph.kind === 'named' ? graph.id : undefined, cs, cp, co);
  const match = (row: Row): Iterable<IdQuad> | undefined => {
    const s = ss < 0 ? cs : row[ss] || undefined;
    const p = ps < 0 ? cp : row[ps] || undefined;
    const o = os < 0 ? co : row[os] || undefined;
    // Computed terms (negative ids) are unknown to the store: they match nothing.
    if ((s !== undefined && s < 0) || (p !== undefined && p < 0) || (o !== undefined && o < 0)) return undefined;
    const g = graph.kind === 'default' ? undefined : graph.kind === 'named' ? graph.id : row[graph.slot];
    return tables?.probe(s, p, o) ?? matchActive(ctx, g, s, p, o);
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

/** Hash tables over the pattern's constant part, one per set of bound variable positions, built on demand. */
class ProbeTables {
  readonly #probes = new Map<number, number>();
  readonly #nextReview = new Map<number, number>();
  readonly #tables = new Map<number, Map<number | string, IdQuad[]>>();
  #scanSize: number | undefined;

  constructor(
    private readonly ctx: ExecutionContext,
    private readonly graph: Id | undefined,
    private readonly s: Id | undefined,
    private readonly p: Id | undefined,
    private readonly o: Id | undefined,
  ) {}

  /** The matching quads from a table, or undefined to ask the store. */
  probe(s: Id | undefined, p: Id | undefined, o: Id | undefined): IdQuad[] | undefined {
    // Positions bound by the row, not by the pattern's own constants.
    const mask = (s !== undefined && this.s === undefined ? 1 : 0) | (p !== undefined && this.p === undefined ? 2 : 0) |
      (o !== undefined && this.o === undefined ? 4 : 0);
    if (mask === 0) return undefined;
    const table = this.#tables.get(mask) ?? this.#consider(mask);
    if (!table) return undefined;
    return table.get(key(mask, s!, p!, o!)) ?? NONE;
  }

  #consider(mask: number): Map<number | string, IdQuad[]> | undefined {
    const probes = (this.#probes.get(mask) ?? 0) + 1;
    this.#probes.set(mask, probes);
    if (probes < (this.#nextReview.get(mask) ?? PROBES_BEFORE_TABLE)) return undefined;
    this.#nextReview.set(mask, probes * 2);
    this.#scanSize ??= this.ctx.source.estimate({ s: this.s, p: this.p, o: this.o, g: this.graph }, this.ctx.options.includeInferred);
    if (this.#scanSize > probes * SCANNED_PER_PROBE) return undefined;
    const table = new Map<number | string, IdQuad[]>();
    for (const quad of matchActive(this.ctx, this.graph, this.s, this.p, this.o)) {
      const k = key(mask, quad[0], quad[1], quad[2]);
      const bucket = table.get(k);
      if (bucket) bucket.push(quad);
      else table.set(k, [quad]);
    }
    this.#tables.set(mask, table);
    return table;
  }
}

const NONE: IdQuad[] = [];

/** Ids below these pack exactly into one number key: two below 2^26, or three below 2^17. */
const PACK2 = 2 ** 26;
const PACK = 2 ** 17;

/** The table key of the bound positions: the id itself, or the ids packed into one number (a string if too large). */
function key(mask: number, s: Id, p: Id, o: Id): number | string {
  switch (mask) {
    case 1: return s;
    case 2: return p;
    case 4: return o;
    case 3: return s < PACK2 && p < PACK2 ? s * PACK2 + p : `${s} ${p}`;
    case 5: return s < PACK2 && o < PACK2 ? s * PACK2 + o : `${s} ${o}`;
    case 6: return p < PACK2 && o < PACK2 ? p * PACK2 + o : `${p} ${o}`;
    default: return s < PACK && p < PACK && o < PACK ? (s * PACK + p) * PACK + o : `${s} ${p} ${o}`;
  }
}
