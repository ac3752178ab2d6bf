/**
 * RDF datasets (SPARQL 1.1 Query §13): FROM / FROM NAMED and the protocol's
 * `default-graph-uri` / `named-graph-uri` turned into a view over store ids,
 * and matching a pattern in the active graph.
 *
 * With no dataset at all the default graph is the union of every statement
 * and GRAPH ranges over every context (decisions.md "The default dataset").
 * A union default graph is a set of triples, so a triple held in several
 * graphs is reported once — but only when the store really has more than one
 * graph with data, which keeps the common single-graph case free.
 */
import type { NamedNode, Term } from '../rdf/terms.ts';
import { DEFAULT_GRAPH, type Id, type IdQuad, type QuadSource } from '../sail/sail.ts';
import type { Dataset } from './api.ts';
import type { DatasetView, ExecutionContext } from './eval/context.ts';

/** The dataset in force: the protocol's replaces the query's (§4.3, SPARQL 1.1 Protocol §2.1.4). */
export function datasetView(
  source: QuadSource,
  fromQuery: { readonly defaultGraphs: readonly NamedNode[]; readonly namedGraphs: readonly NamedNode[] } | undefined,
  fromProtocol: Dataset | undefined,
): DatasetView {
  const given = fromProtocol ?? fromQuery;
  if (!given) return { dedupeDefault: graphsWithData(source) > 1 };
  const ids = (terms: readonly Term[]) => [...new Set(terms.flatMap((t) => {
    if (t.termType === 'DefaultGraph') return [DEFAULT_GRAPH];
    const id = source.values.lookup(t);
    return id === undefined ? [] : [id];
  }))];
  const defaultGraphs = ids(given.defaultGraphs);
  return { defaultGraphs, namedGraphs: ids(given.namedGraphs).filter((g) => g !== DEFAULT_GRAPH), dedupeDefault: defaultGraphs.length > 1 };
}

function graphsWithData(source: QuadSource): number {
  // `estimate` is cheap where `size` may count.
  let count = source.estimate({ g: DEFAULT_GRAPH }) > 0 ? 1 : 0;
  for (const _ of source.contexts()) if (++count > 1) break;
  return count;
}

/** The named graphs GRAPH ?g ranges over (read once per query). */
export function namedGraphs(ctx: ExecutionContext): ReadonlySet<Id> {
  return (ctx.namedGraphs ??= new Set(ctx.dataset.namedGraphs ?? ctx.source.contexts()));
}

/** Whether GRAPH <g> may see graph `g`. */
export function isNamedGraph(ctx: ExecutionContext, g: Id): boolean {
  return g > 0 && namedGraphs(ctx).has(g);
}

/**
 * Statements matching (s, p, o) in the active graph: the named graph `g`, or
 * the default graph when `g` is undefined. Absent positions match anything.
 */
export function matchActive(ctx: ExecutionContext, g: Id | undefined, s?: Id, p?: Id, o?: Id): Iterable<IdQuad> {
  const { source, dataset, options } = ctx;
  const inferred = options.includeInferred;
  if (g !== undefined) return source.match({ s, p, o, g }, inferred);
  const graphs = dataset.defaultGraphs;
  if (graphs === undefined) {
    const all = source.match({ s, p, o }, inferred);
    return dataset.dedupeDefault ? distinctTriples(all) : all;
  }
  if (graphs.length === 1) return source.match({ s, p, o, g: graphs[0] }, inferred);
  return distinctTriples(graphs.flatMap((graph) => [...source.match({ s, p, o, g: graph }, inferred)]));
}

function* distinctTriples(quads: Iterable<IdQuad>): Iterable<IdQuad> {
  const seen = new Set<string>();
  for (const q of quads) {
    const key = `${q[0]} ${q[1]} ${q[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    yield q;
  }
}
