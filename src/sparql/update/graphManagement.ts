/**
 * §3.2 Graph management (https://www.w3.org/TR/sparql11-update/#graphManagement)
 * and §3.1.5 CLEAR: CREATE, DROP, CLEAR, COPY, MOVE, ADD.
 *
 * Our stores do not record empty graphs (a graph exists while it holds a
 * statement, as in RDF4J), so, as §3.1.5 and §3.2.2 allow for such stores,
 * CLEAR and DROP are the same and never fail on a missing graph; CREATE is a
 * no-op that fails (unless SILENT) only when the graph already holds
 * statements; and a missing source of COPY/MOVE/ADD reads as an empty graph.
 */
import { defaultGraph, df, type Quad, type Term } from '../../rdf/terms.ts';
import { DEFAULT_GRAPH } from '../../sail/sail.ts';
import { graphId, graphQuads, type UpdateContext } from './context.ts';
import type { GraphRef, GraphTarget, UpdateOperation } from './operations.ts';

/** A graph-management operation failed (CREATE of an existing graph); SILENT suppresses it. */
export class GraphManagementError extends Error {
  override readonly name = 'GraphManagementError';
}

const termOf = (ref: GraphRef): Term => (ref.kind === 'default' ? defaultGraph() : ref.iri);

/** §3.1.5 CLEAR / §3.2.2 DROP. */
export function clear(ctx: UpdateContext, target: GraphTarget): void {
  switch (target.kind) {
    case 'all':
      ctx.connection.clear();
      return;
    case 'allNamed': {
      const named = [...ctx.connection.contexts()];
      if (named.length > 0) ctx.connection.clear(named);
      return;
    }
    default: {
      const id = graphId(ctx, termOf(target));
      if (id !== undefined) ctx.connection.clear([id]);
    }
  }
}

/** §3.2.1 CREATE (SILENT is applied by the caller). */
export function create(ctx: UpdateContext, op: Extract<UpdateOperation, { type: 'create' }>): void {
  const id = graphId(ctx, op.graph);
  if (id !== undefined && id !== DEFAULT_GRAPH && ctx.connection.size(id, false) > 0) {
    throw new GraphManagementError(`CREATE GRAPH <${op.graph.value}>: the graph already exists`);
  }
}

/**
 * §3.2.3 COPY, §3.2.4 MOVE, §3.2.5 ADD: the same graph as source and
 * destination is a no-op; COPY and MOVE first empty the destination; MOVE then
 * drops the source.
 */
export function transfer(ctx: UpdateContext, op: Extract<UpdateOperation, { type: 'copy' | 'move' | 'add' }>): void {
  const source = graphId(ctx, termOf(op.source));
  const destinationTerm = termOf(op.destination);
  if (sameGraph(op.source, op.destination)) return;
  const quads = source === undefined ? [] : graphQuads(ctx, source);
  if (op.type !== 'add') clear(ctx, op.destination);
  for (const q of quads) ctx.connection.addStatement(df.quad(q.subject, q.predicate, q.object, destinationTerm as Quad['graph']));
  if (op.type === 'move' && source !== undefined) ctx.connection.clear([source]);
}

function sameGraph(a: GraphRef, b: GraphRef): boolean {
  return a.kind === b.kind && (a.kind === 'default' || (b.kind === 'named' && a.iri.value === b.iri.value));
}
