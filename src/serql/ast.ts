/**
 * The SeRQL syntax tree (spec §4.3 `queryLn=serql`), one node per production
 * of Sesame's SeRQL grammar (`serql.jjt`, RDF4J 3.7.x). `grammar.ts` builds it;
 * `translate.ts` turns it into the engine's algebra. QNames stay unresolved
 * here because the namespaces are declared at the end of the query.
 */
import type { Position } from './lexer.ts';

/** `ParseUnit ::= Query [NamespaceDeclList]`. */
export interface ParseUnit {
  readonly query: TupleQuerySet | GraphQuerySet;
  readonly namespaces: readonly NamespaceDecl[];
}

export interface NamespaceDecl {
  readonly prefix: string;
  readonly uri: string;
  readonly at: Position;
}

export type SetOperator = 'union' | 'minus' | 'intersect';

/** `TupleQuerySet`/`GraphQuerySet`: a query, or two combined by a set operator (`union` distinct unless `all`). */
export type QuerySet<Q> = Q | SetOperation<Q>;

export interface SetOperation<Q> {
  readonly type: 'set';
  readonly operator: SetOperator;
  readonly all: boolean;
  readonly left: QuerySet<Q>;
  readonly right: QuerySet<Q>;
  readonly at: Position;
}

export type TupleQuerySet = QuerySet<SelectQuery>;
export type GraphQuerySet = QuerySet<ConstructQuery>;

export type Modifier = 'distinct' | 'reduced' | undefined;

/** The clauses both query forms share after their head. */
export interface QueryTail {
  readonly body?: QueryBody;
  readonly orderBy: readonly OrderExpr[];
  readonly limit?: number;
  readonly offset?: number;
}

export interface SelectQuery extends QueryTail {
  readonly type: 'select';
  readonly modifier: Modifier;
  /** `*`, or the projection elements (possibly none). */
  readonly projection: '*' | readonly ProjectionElem[];
  readonly at: Position;
}

export interface ProjectionElem {
  readonly value: ValueExpr;
  readonly alias?: string;
  readonly at: Position;
}

export interface ConstructQuery extends QueryTail {
  readonly type: 'construct';
  readonly modifier: Modifier;
  readonly template: '*' | readonly PathExpr[];
  readonly at: Position;
}

/** `QueryBody ::= ("from" ["context" ContextID] PathExprList)+ ["where" BooleanExpr]`. */
export interface QueryBody {
  readonly from: readonly From[];
  readonly where?: BooleanExpr;
}

export interface From {
  readonly context?: Var | Uri | BNode;
  readonly paths: readonly PathExpr[];
}

export interface OrderExpr {
  readonly value: ValueExpr;
  readonly descending: boolean;
}

/** A path expression: `Node Edge Node …`, an optional `[ … ]`, a union of path expressions, or a parenthesised list. */
export type PathExpr =
  | { readonly type: 'basic'; readonly head: NodeSet; readonly tail: PathTail }
  | { readonly type: 'optional'; readonly paths: readonly PathExpr[]; readonly where?: BooleanExpr }
  | { readonly type: 'union'; readonly alternatives: readonly PathExpr[] }
  | { readonly type: 'group'; readonly paths: readonly PathExpr[] };

/**
 * What follows a node: `Edge Node` then an optional continuation, or an optional
 * tail `[ Edge Node … [where …] ]` that only a `;` branch may follow.
 */
export type PathTail =
  | { readonly type: 'edge'; readonly edge: Var | Uri; readonly node: NodeSet; readonly next?: Continuation }
  | { readonly type: 'optional'; readonly tail: PathTail; readonly where?: BooleanExpr; readonly next?: Continuation };

/** A `;` branch starts again from the same subject; a chain continues from the node just written. */
export interface Continuation {
  readonly branch: boolean;
  readonly tail: PathTail;
}

/** `Node ::= "{" [NodeElem ("," NodeElem)*] "}"`; an empty node is an anonymous variable. */
export interface NodeSet {
  readonly elements: readonly NodeElem[];
  readonly at: Position;
}

export type NodeElem = Var | Value | ReifiedStat;

/** `{ {s} p {o} }`: a statement reified with rdf:subject/predicate/object. */
export interface ReifiedStat {
  readonly type: 'reified';
  readonly subject?: NodeElem;
  readonly predicate: Var | Uri;
  readonly object?: NodeElem;
  readonly at: Position;
}

export interface Var {
  readonly type: 'var';
  readonly name: string;
  readonly at: Position;
}

export type Uri =
  | { readonly type: 'uri'; readonly value: string; readonly at: Position }
  | { readonly type: 'qname'; readonly value: string; readonly at: Position };

export interface BNode {
  readonly type: 'bnode';
  readonly id: string;
  readonly at: Position;
}

export interface Literal {
  readonly type: 'literal';
  readonly label: string;
  readonly language?: string;
  readonly datatype?: Uri;
  readonly at: Position;
}

export type Value = Uri | BNode | Literal;

export type CompOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type BooleanExpr =
  | { readonly type: 'or' | 'and'; readonly args: readonly BooleanExpr[] }
  | { readonly type: 'not'; readonly arg: BooleanExpr }
  | { readonly type: 'constant'; readonly value: boolean }
  | { readonly type: 'compare'; readonly op: CompOp; readonly left: ValueOrNull; readonly right: ValueOrNull; readonly at: Position }
  | { readonly type: 'quantified'; readonly op: CompOp; readonly quantifier: 'any' | 'all'; readonly left: ValueOrNull; readonly query: TupleQuerySet }
  | { readonly type: 'like'; readonly value: ValueOrNull; readonly pattern: string; readonly ignoreCase: boolean }
  | { readonly type: 'in'; readonly value: ValueOrNull; readonly query: TupleQuerySet }
  | { readonly type: 'inList'; readonly value: ValueOrNull; readonly list: readonly ValueExpr[] }
  | { readonly type: 'exists'; readonly query: TupleQuerySet }
  | { readonly type: 'test'; readonly name: 'bound' | 'isresource' | 'isuri' | 'isbnode' | 'isliteral'; readonly arg: Var }
  | { readonly type: 'sameterm' | 'langmatches' | 'regex'; readonly args: readonly ValueExpr[] };

/** The value functions of the grammar that take one variable (`str` takes any value expression). */
export type ValueFunctionName = 'datatype' | 'lang' | 'label' | 'namespace' | 'localname' | 'str';

export type ValueExpr =
  | Var
  | Value
  | { readonly type: 'function'; readonly name: ValueFunctionName; readonly arg: ValueExpr }
  | { readonly type: 'call'; readonly function: Uri; readonly args: readonly ValueExpr[] };

/** `null` survives in comparisons for backwards compatibility: `X = null` means `not bound(X)`. */
export type ValueOrNull = ValueExpr | { readonly type: 'null'; readonly at: Position };
