/**
 * What a SPARQL function may depend on besides its arguments (§17.4): the
 * query's fixed NOW(), the base IRI for IRI(), and blank-node allocation for
 * BNODE(). The engine builds one per query (NOW is fixed per query, §17.4.5.1)
 * and gives `bnode` per-solution scope (BNODE(str) yields the same node for
 * the same label within one solution and a different node in another, §17.4.2.9).
 */
import type { BlankNode, Term } from '../../rdf/terms.ts';

export interface FunctionContext {
  /** The instant NOW() returns; the same for the whole query. */
  readonly now: Date;
  /** The base IRI the query was parsed with; IRI("rel") resolves against it (§17.4.2.8). */
  readonly baseIRI?: string;
  /** A fresh blank node for BNODE(); with a label, the same node for that label within the current solution. */
  bnode(label?: string): BlankNode;
}

/** A compiled SPARQL function: pure apart from the context; throws ExpressionError for a type error. */
export type SparqlFunction = (args: readonly Term[], ctx: FunctionContext) => Term;

/** A dispatch table of one §17.4 subsection, keyed by the name `resolveFunction` receives. */
export type FunctionTable = Readonly<Record<string, SparqlFunction>>;
