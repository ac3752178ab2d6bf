/**
 * Property paths (SPARQL 1.1 Query §9, §18.5 "eval(Path)"): a path is
 * compiled into a function from optional end points to (subject, object) id
 * pairs in the active graph.
 * - sequence, alternative, inverse and negated property sets keep duplicates
 *   (they are joins and unions, §18.2.2.4);
 * - `*`, `+` and `?` give each (start, end) pair once (§18.5 ALP, "distinct
 *   end points"), follow cycles without looping, and the zero-length part of
 *   `*`/`?` relates every term of the graph to itself — or just the given end
 *   point, even one absent from the data (§18.5 "eval ZeroLengthPath").
 */
import type { Id } from '../../sail/sail.ts';
import type { PatternTerm, PropertyPath } from '../algebra.ts';
import { matchActive } from '../dataset.ts';
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type ExecutionContext, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

type Pair = readonly [subject: Id, object: Id];
/** All pairs of the path in graph `g` (undefined = default graph) with the given end points fixed. */
type PathEval = (g: Id | undefined, s: Id | undefined, o: Id | undefined) => Iterable<Pair>;

export function compilePath(node: Extract<PlanNode, { type: 'path' }>, scope: Scope): Run {
  const { ctx } = scope;
  const evaluate = compilePathExpression(node.path, ctx);
  const end = (t: PatternTerm) =>
    t.termType === 'Variable' ? { slot: scope.slots.of(t.value), id: UNBOUND } : { slot: -1, id: ctx.dictionary.id(t) };
  const subject = end(node.subject);
  const object = end(node.object);
  const graph = scope.graph;
  const zeroLength = node.path.type === 'ZeroOrMorePath' || node.path.type === 'ZeroOrOnePath';
  return function* path(row: Row) {
    const s = subject.slot < 0 ? subject.id : row[subject.slot]!;
    const o = object.slot < 0 ? object.id : row[object.slot]!;
    const g = graph.kind === 'default' ? undefined : graph.kind === 'named' ? graph.id : row[graph.slot];
    // A variable's zero-length match ranges over the graph's terms (§18.5 eval ZeroLengthPath):
    // a value passed in from elsewhere (VALUES, BIND) that the graph lacks matches nothing.
    if (zeroLength && ((subject.slot >= 0 && s && !inGraph(ctx, g, s)) || (object.slot >= 0 && o && !inGraph(ctx, g, o)))) return;
    for (const [ps, po] of evaluate(g, s || undefined, o || undefined)) {
      if (ctx.tick()) yield PAUSE;
      const out = row.slice();
      if (subject.slot >= 0) out[subject.slot] = ps;
      // `?x p* ?x`: both ends are one variable and must agree.
      if (object.slot >= 0) {
        if (out[object.slot] !== UNBOUND && out[object.slot] !== po) continue;
        out[object.slot] = po;
      }
      yield out;
    }
  };
}

function compilePathExpression(path: PropertyPath, ctx: ExecutionContext): PathEval {
  switch (path.type) {
    case 'link': {
      const p = ctx.dictionary.stored(path.iri);
      if (p === undefined) return () => [];
      return (g, s, o) => links(ctx, g, s, p, o);
    }
    case 'inv': {
      const inner = compilePathExpression(path.path, ctx);
      return function* inverse(g, s, o) {
        for (const [a, b] of inner(g, o, s)) yield [b, a];
      };
    }
    case 'seq': return sequence(path.input.map((p) => compilePathExpression(p, ctx)));
    case 'alt': {
      const branches = path.input.map((p) => compilePathExpression(p, ctx));
      return function* alternative(g, s, o) {
        for (const branch of branches) yield* branch(g, s, o);
      };
    }
    case 'nps': return negatedPropertySet(path, ctx);
    case 'ZeroOrOnePath': return closure(compilePathExpression(path.path, ctx), ctx, true, false);
    case 'ZeroOrMorePath': return closure(compilePathExpression(path.path, ctx), ctx, true, true);
    case 'OneOrMorePath': return closure(compilePathExpression(path.path, ctx), ctx, false, true);
  }
}

function* links(ctx: ExecutionContext, g: Id | undefined, s: Id | undefined, p: Id, o: Id | undefined): Iterable<Pair> {
  if ((s !== undefined && s < 0) || (o !== undefined && o < 0)) return;
  for (const q of matchActive(ctx, g, s, p, o)) yield [q[0], q[2]];
}

/** `a/b/c`: joined through the middle, evaluated from whichever end is bound. */
function sequence(steps: readonly PathEval[]): PathEval {
  if (steps.length === 1) return steps[0]!;
  const [first, ...restSteps] = steps as [PathEval, ...PathEval[]];
  const rest = sequence(restSteps);
  return function* seq(g, s, o) {
    if (s === undefined && o !== undefined) {
      for (const [m, end] of rest(g, undefined, o)) for (const [start] of first(g, undefined, m)) yield [start, end];
      return;
    }
    for (const [start, m] of first(g, s, undefined)) for (const [, end] of rest(g, m, o)) yield [start, end];
  };
}

/** `!(a|^b)` (§9.3): any predicate but the listed ones, forwards; any but the `^` ones, backwards. */
function negatedPropertySet(path: Extract<PropertyPath, { type: 'nps' }>, ctx: ExecutionContext): PathEval {
  const ids = (iris: typeof path.iris) => new Set(iris.map((i) => ctx.dictionary.stored(i)).filter((i) => i !== undefined));
  const forward = ids(path.iris);
  const backward = ids(path.inverse);
  const hasForward = path.iris.length > 0 || path.inverse.length === 0;
  const hasBackward = path.inverse.length > 0;
  return function* nps(g, s, o) {
    if ((s !== undefined && s < 0) || (o !== undefined && o < 0)) return;
    if (hasForward) for (const q of matchActive(ctx, g, s, undefined, o)) if (!forward.has(q[1])) yield [q[0], q[2]];
    if (hasBackward) for (const q of matchActive(ctx, g, o, undefined, s)) if (!backward.has(q[1])) yield [q[2], q[0]];
  };
}

/**
 * `p?`, `p*`, `p+`: breadth-first from the bound end (backwards from the
 * object when only it is bound), or from every term of the graph when neither is.
 */
function closure(step: PathEval, ctx: ExecutionContext, zero: boolean, many: boolean): PathEval {
  const reach = (g: Id | undefined, from: Id, backwards: boolean): Set<Id> => {
    const reached = new Set<Id>();
    if (zero) reached.add(from);
    let frontier = [from];
    while (frontier.length > 0) {
      const next: Id[] = [];
      for (const node of frontier) {
        const pairs = backwards ? step(g, undefined, node) : step(g, node, undefined);
        for (const [a, b] of pairs) {
          const found = backwards ? a : b;
          if (reached.has(found)) continue;
          reached.add(found);
          next.push(found);
        }
      }
      ctx.checkAborted();
      frontier = many ? next : [];
    }
    return reached;
  };
  return function* closurePairs(g, s, o) {
    if (s !== undefined) {
      const reached = reach(g, s, false);
      if (o !== undefined) {
        if (reached.has(o)) yield [s, o];
      } else for (const end of reached) yield [s, end];
      return;
    }
    if (o !== undefined) {
      for (const start of reach(g, o, true)) yield [start, o];
      return;
    }
    for (const node of graphTerms(ctx, g)) for (const end of reach(g, node, false)) yield [node, end];
  };
}

function inGraph(ctx: ExecutionContext, g: Id | undefined, term: Id): boolean {
  if (term < 0) return false;
  for (const _ of matchActive(ctx, g, term)) return true;
  for (const _ of matchActive(ctx, g, undefined, undefined, term)) return true;
  return false;
}

/** Every subject and object of the active graph: the start points of an unbound closure. */
function graphTerms(ctx: ExecutionContext, g: Id | undefined): Set<Id> {
  const terms = new Set<Id>();
  for (const q of matchActive(ctx, g)) {
    terms.add(q[0]);
    terms.add(q[2]);
  }
  return terms;
}
