/**
 * SPARQL 1.1 Update operations (https://www.w3.org/TR/sparql11-update/#formalModel,
 * §3.1 graph update and §3.2 graph management) as our own closed types: the
 * adapter (`syntax.ts`) narrows the parser's nodes into these, and the
 * executor (`execute.ts`) switches over `UpdateOperation['type']`.
 */
import type { BlankNode, Literal, NamedNode, Quad, Variable } from '../../rdf/terms.ts';
import type { PreparedQuery } from '../api.ts';

/** A graph named in an operation: the default graph or an IRI (§3.2 `GraphRefAll` minus NAMED/ALL). */
export type GraphRef = { readonly kind: 'default' } | { readonly kind: 'named'; readonly iri: NamedNode };

/** What CLEAR and DROP act on (§3.2.2, §3.1.3 `GraphRefAll`). */
export type GraphTarget = GraphRef | { readonly kind: 'allNamed' } | { readonly kind: 'all' };

export type TemplateTerm = Variable | NamedNode | BlankNode | Literal;

/** A quad template of DELETE/INSERT (§3.1.3); no graph = the default graph, or the WITH graph. */
export interface QuadTemplate {
  readonly subject: TemplateTerm;
  readonly predicate: TemplateTerm;
  readonly object: TemplateTerm;
  readonly graph?: Variable | NamedNode;
}

/** USING / USING NAMED (§3.1.3 "the RDF Dataset"). */
export interface Using {
  readonly defaultGraphs: readonly NamedNode[];
  readonly namedGraphs: readonly NamedNode[];
}

export type UpdateOperation =
  /** §3.1.1 INSERT DATA; quads without a graph carry the default graph. Blank nodes are fresh per request. */
  | { readonly type: 'insertData'; readonly quads: readonly Quad[] }
  /** §3.1.2 DELETE DATA. */
  | { readonly type: 'deleteData'; readonly quads: readonly Quad[] }
  /** §3.1.3 DELETE/INSERT … WHERE, and DELETE WHERE (§3.1.3.3) with its pattern as both template and WHERE. */
  | {
      readonly type: 'modify';
      readonly with?: NamedNode;
      readonly delete: readonly QuadTemplate[];
      readonly insert: readonly QuadTemplate[];
      readonly using?: Using;
      /** The WHERE pattern, prepared once as a `SELECT *` query. */
      readonly where: PreparedQuery;
    }
  /** §3.1.4 LOAD. */
  | { readonly type: 'load'; readonly silent: boolean; readonly source: NamedNode; readonly into?: NamedNode }
  /** §3.1.5 CLEAR and §3.2.2 DROP: the same for a store that does not record empty graphs. */
  | { readonly type: 'clear' | 'drop'; readonly silent: boolean; readonly target: GraphTarget }
  /** §3.2.1 CREATE. */
  | { readonly type: 'create'; readonly silent: boolean; readonly graph: NamedNode }
  /** §3.2.3–3.2.5 COPY, MOVE, ADD. */
  | { readonly type: 'copy' | 'move' | 'add'; readonly silent: boolean; readonly source: GraphRef; readonly destination: GraphRef };
