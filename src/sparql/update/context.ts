/**
 * What every update operation runs with: the caller's connection (inside its
 * one transaction), the request's protocol options (§4.13 dataset
 * parameters, `$var` bindings, infer, timeout), the fetch policy for LOAD,
 * and the request's blank-node allocator.
 */
import { randomBytes } from 'node:crypto';
import { blankNode, df, type BlankNode, type NamedNode, type Quad, type Term } from '../../rdf/terms.ts';
import { DEFAULT_GRAPH, type Id, type QuadPattern, type SailConnection } from '../../sail/sail.ts';
import type { FetchPolicy } from '../../net/fetchPolicy.ts';
import { QueryTimeoutError, type UpdateOptions } from '../api.ts';

export interface UpdateContext {
  readonly connection: SailConnection;
  readonly options: UpdateOptions;
  readonly fetchPolicy?: FetchPolicy;
  /**
   * With no USING, WITH or protocol dataset, the WHERE clause sees the W3C
   * default graph (the unnamed graph alone) when true, and the union of all
   * graphs (decisions.md "The default dataset", as RDF4J) when false. In the
   * union reading, deleting a triple from the default graph deletes it from
   * every graph, since the default graph is their union (RDF4J does the same).
   */
  readonly unnamedDefaultGraph: boolean;
  /** Fresh blank nodes: labels unique to this request, never clashing with stored ones. */
  readonly freshBlankNode: () => BlankNode;
}

export function createUpdateContext(
  connection: SailConnection,
  options: UpdateOptions,
  settings: { fetchPolicy?: FetchPolicy; unnamedDefaultGraph?: boolean },
): UpdateContext {
  const prefix = 'u' + randomBytes(6).toString('hex') + '_';
  let counter = 0;
  return {
    connection,
    options,
    fetchPolicy: settings.fetchPolicy,
    unnamedDefaultGraph: settings.unnamedDefaultGraph ?? false,
    freshBlankNode: () => blankNode(prefix + counter++),
  };
}

/** Throws the abort reason (a `QueryTimeoutError` for timeouts) once the request's signal fires. */
export function checkAborted(ctx: UpdateContext): void {
  const signal = ctx.options.signal;
  if (!signal?.aborted) return;
  throw signal.reason instanceof Error ? signal.reason : new QueryTimeoutError('update execution took too long');
}

/** The id of a graph term (default graph → DEFAULT_GRAPH); undefined when the store has never seen it. */
export function graphId(ctx: UpdateContext, graph: Term): Id | undefined {
  return graph.termType === 'DefaultGraph' ? DEFAULT_GRAPH : ctx.connection.values.lookup(graph);
}

/** The named graphs holding statements, as terms (our store does not record empty graphs). */
export function namedGraphTerms(ctx: UpdateContext): NamedNode[] {
  const values = ctx.connection.values;
  return [...ctx.connection.contexts()].map((id) => values.term(id)).filter((t): t is NamedNode => t.termType === 'NamedNode');
}

/**
 * Removes one explicit statement given as terms; unknown terms match nothing.
 * With `everyGraph`, a default-graph quad is removed from all graphs.
 */
export function removeQuad(ctx: UpdateContext, quad: Quad, everyGraph = false): void {
  const values = ctx.connection.values;
  const s = values.lookup(quad.subject);
  const p = values.lookup(quad.predicate);
  const o = values.lookup(quad.object);
  const g = graphId(ctx, quad.graph);
  if (s === undefined || p === undefined || o === undefined || g === undefined) return;
  const pattern: QuadPattern = everyGraph && g === DEFAULT_GRAPH ? { s, p, o } : { s, p, o, g };
  ctx.connection.removeStatements(pattern);
}

/** Statements of one graph as quads (explicit only: the source of COPY/MOVE/ADD). */
export function graphQuads(ctx: UpdateContext, graph: Id): Quad[] {
  const values = ctx.connection.values;
  const quads: Quad[] = [];
  for (const [s, p, o, g] of ctx.connection.match({ g: graph }, false)) {
    quads.push(df.quad(values.term(s) as Quad['subject'], values.term(p) as Quad['predicate'], values.term(o) as Quad['object'], values.term(g) as Quad['graph']));
  }
  return quads;
}
