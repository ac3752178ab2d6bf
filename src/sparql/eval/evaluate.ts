/**
 * The evaluator's dispatcher (SPARQL 1.1 Query §18.5 "Evaluation Semantics"):
 * compiles a plan tree once into a tree of `Run` closures, one file per
 * operator. The `switch` is exhaustive over the plan's node types; adding an
 * operator without compiling it fails to type-check.
 */
import type { Id } from '../../sail/sail.ts';
import type { Operation } from '../algebra.ts';
import type { PlanNode, Planner } from '../plan.ts';
import { compileBgpPattern } from './bgp.ts';
import type { ExecutionContext, Run } from './context.ts';
import { compileExtend } from './extend.ts';
import { compileFilter } from './filter.ts';
import { compileGraph } from './graph.ts';
import { compileGroup } from './group.ts';
import { compileHash, compileJoin } from './join.ts';
import { compileLeftJoin } from './leftJoin.ts';
import { compileMinus } from './minus.ts';
import { compileDistinct, compileProject, compileSlice } from './modifiers.ts';
import { compileOrderBy } from './orderBy.ts';
import { compilePath } from './paths.ts';
import { compileService } from './service.ts';
import { compileUnion } from './union.ts';
import { compileValues } from './values.ts';

/** Variable name → slot number, fixed while compiling one query. */
export class Slots {
  readonly #slots = new Map<string, number>();

  of(name: string): number {
    let slot = this.#slots.get(name);
    if (slot === undefined) this.#slots.set(name, (slot = this.#slots.size));
    return slot;
  }

  get size(): number {
    return this.#slots.size;
  }
}

/** The active graph (§13.3) a pattern is matched in: the default graph, a named graph by id, or by a variable's value. */
export type GraphScope =
  | { readonly kind: 'default' }
  | { readonly kind: 'named'; readonly id: Id }
  | { readonly kind: 'variable'; readonly slot: number };

/** What compiling one operator needs: the run-time context, the slots, the active graph, and the planner for EXISTS. */
export class Scope {
  usesBnode = false;

  constructor(
    readonly ctx: ExecutionContext,
    readonly slots: Slots,
    readonly planner: Planner,
    readonly graph: GraphScope = { kind: 'default' },
  ) {}

  inGraph(graph: GraphScope): Scope {
    return new Scope(this.ctx, this.slots, this.planner, graph);
  }

  compile(node: PlanNode): Run {
    return compile(node, this);
  }

  /** Plans and compiles an algebra operator, e.g. an EXISTS pattern (substituted) or a CONSTRUCT's WHERE. */
  compileOperation(op: Operation, substitute: boolean): Run {
    return compile(this.planner.plan(op, undefined, substitute), this);
  }
}

export function compile(node: PlanNode, scope: Scope): Run {
  switch (node.type) {
    case 'pattern': return compileBgpPattern(node, scope);
    case 'path': return compilePath(node, scope);
    case 'join': return compileJoin(node, scope);
    case 'hash': return compileHash(node, scope);
    case 'leftjoin': return compileLeftJoin(node, scope);
    case 'filter': return compileFilter(node, scope);
    case 'union': return compileUnion(node, scope);
    case 'graph': return compileGraph(node, scope);
    case 'extend': return compileExtend(node, scope);
    case 'minus': return compileMinus(node, scope);
    case 'values': return compileValues(node, scope);
    case 'group': return compileGroup(node, scope);
    case 'orderby': return compileOrderBy(node, scope);
    case 'project': return compileProject(node, scope);
    case 'distinct': case 'reduced': return compileDistinct(node, scope);
    case 'slice': return compileSlice(node, scope);
    case 'service': return compileService(node, scope);
    default: return unreachable(node);
  }
}

function unreachable(node: never): never {
  throw new Error(`unknown plan node ${(node as PlanNode).type}`);
}
