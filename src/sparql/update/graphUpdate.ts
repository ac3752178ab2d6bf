/**
 * §3.1 Graph update (https://www.w3.org/TR/sparql11-update/#graphUpdate):
 * INSERT DATA, DELETE DATA and DELETE/INSERT … WHERE (with WITH, USING,
 * USING NAMED; DELETE WHERE arrives as a DELETE/INSERT whose template is its
 * pattern). Semantics of §3.1.3: the WHERE clause is evaluated once, to the
 * end, against the dataset as it was before the operation; then every
 * instantiated DELETE triple is removed and every INSERT triple added.
 * Template instances that are not valid RDF (an unbound variable, a literal
 * subject, a non-IRI predicate or graph) are skipped.
 *
 * Triples without GRAPH go to the protocol's insert/remove graphs, else the
 * WITH graph (the two may not be combined), else the default graph; see `UpdateContext` for what
 * deleting from the default graph means when it is the union of all graphs.
 */
import { defaultGraph, df, type BlankNode, type Quad, type Term } from '../../rdf/terms.ts';
import type { Dataset } from '../api.ts';
import { checkAborted, namedGraphTerms, removeQuad, type UpdateContext } from './context.ts';
import type { QuadTemplate, UpdateOperation } from './operations.ts';

type Modify = Extract<UpdateOperation, { type: 'modify' }>;
type Bindings = ReadonlyMap<string, Term>;

/**
 * The graphs a template or data triple without GRAPH goes to: the protocol's
 * `insert-graph-uri` / `remove-graph-uri` (RDF4J §4.13), else WITH, else the default graph.
 */
function defaultTargets(ctx: UpdateContext, kind: 'insert' | 'delete', withGraph: Term | undefined): readonly Term[] {
  const fromProtocol = kind === 'insert' ? ctx.options.insertGraphs : ctx.options.removeGraphs;
  if (fromProtocol && fromProtocol.length > 0) return fromProtocol;
  return [withGraph ?? defaultGraph()];
}

/** §3.1.1 INSERT DATA: blank nodes become fresh nodes, one per label within the operation. */
export function insertData(ctx: UpdateContext, quads: readonly Quad[]): void {
  const fresh = new Map<string, BlankNode>();
  const rename = <T extends Term>(term: T): T => {
    if (term.termType !== 'BlankNode') return term;
    let node = fresh.get(term.value);
    if (!node) fresh.set(term.value, (node = ctx.freshBlankNode()));
    return node as unknown as T;
  };
  for (const q of retarget(ctx, 'insert', quads)) {
    ctx.connection.addStatement(df.quad(rename(q.subject), q.predicate, rename(q.object), q.graph));
  }
}

/** §3.1.2 DELETE DATA: removing a triple that is not there is not an error. */
export function deleteData(ctx: UpdateContext, quads: readonly Quad[]): void {
  const everyGraph = deletesFromUnion(ctx, undefined);
  for (const q of retarget(ctx, 'delete', quads)) removeQuad(ctx, q, everyGraph);
}

/**
 * Whether "the default graph" of a deletion is the union of all graphs: in
 * the union reading of the default dataset, unless WITH or remove-graph-uri
 * name the graph to delete from.
 */
function deletesFromUnion(ctx: UpdateContext, withGraph: Term | undefined): boolean {
  return !ctx.unnamedDefaultGraph && withGraph === undefined && (ctx.options.removeGraphs?.length ?? 0) === 0;
}

/** Data quads in the default graph move to the protocol's insert/remove graphs when given. */
function retarget(ctx: UpdateContext, kind: 'insert' | 'delete', quads: readonly Quad[]): Quad[] {
  const targets = defaultTargets(ctx, kind, undefined);
  return quads.flatMap((q) =>
    q.graph.termType === 'DefaultGraph' ? targets.map((g) => df.quad(q.subject, q.predicate, q.object, g as Quad['graph'])) : [q],
  );
}

/** §3.1.3 DELETE/INSERT: evaluate, then delete, then insert. */
export async function modify(ctx: UpdateContext, op: Modify): Promise<void> {
  const solutions = await evaluateWhere(ctx, op);
  const deletions = instantiateAll(op.delete, solutions, defaultTargets(ctx, 'delete', op.with), undefined);
  const insertions = instantiateAll(op.insert, solutions, defaultTargets(ctx, 'insert', op.with), ctx.freshBlankNode);
  checkAborted(ctx);
  const everyGraph = deletesFromUnion(ctx, op.with);
  for (const q of deletions) removeQuad(ctx, q, everyGraph);
  for (const q of insertions) ctx.connection.addStatement(q);
}

/**
 * The dataset of the WHERE clause (§3.1.3 "the RDF Dataset"): the protocol's
 * using-graph-uri / using-named-graph-uri, else USING / USING NAMED, else the
 * WITH graph as default graph, else the store's default dataset.
 */
function whereDataset(ctx: UpdateContext, op: Modify): Dataset | undefined {
  const { usingGraphs, usingNamedGraphs } = ctx.options;
  if ((usingGraphs?.length ?? 0) > 0 || (usingNamedGraphs?.length ?? 0) > 0) {
    return { defaultGraphs: usingGraphs ?? [], namedGraphs: usingNamedGraphs ?? [] };
  }
  if (op.using) return op.using;
  if (op.with) return { defaultGraphs: [op.with], namedGraphs: namedGraphTerms(ctx) };
  if (ctx.unnamedDefaultGraph) return { defaultGraphs: [defaultGraph()], namedGraphs: namedGraphTerms(ctx) };
  return undefined;
}

/** All solutions of the WHERE clause, each with the request's `$var` bindings underneath. */
async function evaluateWhere(ctx: UpdateContext, op: Modify): Promise<Bindings[]> {
  const { options } = ctx;
  const result = op.where.evaluate(ctx.connection, {
    dataset: whereDataset(ctx, op),
    bindings: options.bindings,
    includeInferred: options.includeInferred,
    signal: options.signal,
    evaluationMode: options.evaluationMode,
  });
  if (result.kind !== 'bindings') throw new Error('the WHERE clause of an update must evaluate to solutions');
  const solutions: Bindings[] = [];
  for await (const batch of result.solutions) {
    checkAborted(ctx);
    for (const row of batch) {
      const solution = new Map(options.bindings ?? []);
      result.variables.forEach((name, i) => {
        const value = row[i];
        if (value !== undefined) solution.set(name, value);
      });
      solutions.push(solution);
    }
  }
  return solutions;
}

/** Instantiates templates per solution; INSERT gives each solution its own fresh blank nodes. */
function instantiateAll(
  templates: readonly QuadTemplate[],
  solutions: readonly Bindings[],
  targets: readonly Term[],
  fresh: (() => BlankNode) | undefined,
): Quad[] {
  if (templates.length === 0) return [];
  const quads: Quad[] = [];
  for (const solution of solutions) {
    const blanks = new Map<string, BlankNode>();
    const value = (term: Term): Term | undefined => {
      if (term.termType === 'Variable') return solution.get(term.value);
      if (term.termType === 'BlankNode' && fresh) {
        let node = blanks.get(term.value);
        if (!node) blanks.set(term.value, (node = fresh()));
        return node;
      }
      return term;
    };
    for (const t of templates) {
      const [s, p, o] = [value(t.subject), value(t.predicate), value(t.object)];
      const graphs = t.graph ? [value(t.graph)] : targets;
      if (!s || !p || !o || !isSubject(s) || p.termType !== 'NamedNode' || !isObject(o)) continue;
      for (const g of graphs) {
        if (g && (g.termType === 'NamedNode' || g.termType === 'DefaultGraph')) {
          quads.push(df.quad(s as Quad['subject'], p, o as Quad['object'], g as Quad['graph']));
        }
      }
    }
  }
  return quads;
}

const isSubject = (t: Term): boolean => t.termType === 'NamedNode' || t.termType === 'BlankNode';
const isObject = (t: Term): boolean => isSubject(t) || t.termType === 'Literal';
