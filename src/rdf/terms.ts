/**
 * RDF terms (RDF 1.1 Concepts §3) as RDF/JS objects: the one term model that
 * crosses module boundaries. Inside the engine and the stores terms travel as
 * dictionary ids (see `src/sail/sail.ts`); they become these objects only at
 * the edges (parsing, serializing, protocol parameters).
 *
 * The factory is N3.js's RDF/JS DataFactory, so terms from our parsers and
 * from `n3`, `jsonld` or `rdfxml-streaming-parser` are interchangeable.
 */
import type * as RDF from '@rdfjs/types';
import { DataFactory } from 'n3';

export type Term = RDF.Term;
export type NamedNode = RDF.NamedNode;
export type BlankNode = RDF.BlankNode;
export type Literal = RDF.Literal;
export type Variable = RDF.Variable;
export type DefaultGraph = RDF.DefaultGraph;
export type Quad = RDF.Quad;
/** A term that can stand in a statement: no variables, no quoted triples. */
export type GroundTerm = NamedNode | BlankNode | Literal;
export type Subject = NamedNode | BlankNode;
export type Graph = NamedNode | BlankNode | DefaultGraph;

export const df: RDF.DataFactory<Quad, Quad> = DataFactory as unknown as RDF.DataFactory<Quad, Quad>;

export const namedNode = (iri: string): NamedNode => df.namedNode(iri);
export const blankNode = (label?: string): BlankNode => df.blankNode(label);
export const literal = (value: string, langOrDatatype?: string | NamedNode): Literal =>
  df.literal(value, langOrDatatype);
export const defaultGraph = (): DefaultGraph => df.defaultGraph();
export const quad = (s: Quad['subject'], p: Quad['predicate'], o: Quad['object'], g?: Quad['graph']): Quad =>
  df.quad(s, p, o, g ?? df.defaultGraph());

/** The vocabularies the code names directly. */
export const XSD = 'http://www.w3.org/2001/XMLSchema#';
export const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const xsd = {
  string: namedNode(XSD + 'string'),
  boolean: namedNode(XSD + 'boolean'),
  integer: namedNode(XSD + 'integer'),
  decimal: namedNode(XSD + 'decimal'),
  double: namedNode(XSD + 'double'),
  float: namedNode(XSD + 'float'),
  dateTime: namedNode(XSD + 'dateTime'),
} as const;
export const rdf = {
  type: namedNode(RDF_NS + 'type'),
  langString: namedNode(RDF_NS + 'langString'),
  dirLangString: namedNode(RDF_NS + 'dirLangString'),
  first: namedNode(RDF_NS + 'first'),
  rest: namedNode(RDF_NS + 'rest'),
  nil: namedNode(RDF_NS + 'nil'),
} as const;

/**
 * The canonical N-Triples spelling of a term (RDF 1.1 N-Triples §2), used as a
 * map key wherever terms are compared by identity. Default graph → ''.
 */
export function termKey(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return '<' + term.value + '>';
    case 'BlankNode':
      return '_:' + term.value;
    case 'Literal':
      return literalKey(term);
    case 'DefaultGraph':
      return '';
    case 'Variable':
      return '?' + term.value;
    case 'Quad':
      return `<< ${termKey(term.subject)} ${termKey(term.predicate)} ${termKey(term.object)} >>`;
  }
}

function literalKey(term: Literal): string {
  const lexical = '"' + escapeString(term.value) + '"';
  if (term.language) return lexical + '@' + term.language;
  if (term.datatype.value === XSD + 'string') return lexical;
  return lexical + '^^<' + term.datatype.value + '>';
}

/** N-Triples string escaping (N-Triples §2.3 ECHAR/UCHAR): the characters that must be escaped. */
export function escapeString(value: string): string {
  // Fast path: most literals need no escaping.
  if (!/["\\\n\r\t\b\f\u0000-\u001f\u007f]/.test(value)) return value;
  return value.replace(/["\\\n\r\t\b\f\u0000-\u001f\u007f]/g, escapeChar);
}

function escapeChar(ch: string): string {
  switch (ch) {
    case '"': return '\\"';
    case '\\': return '\\\\';
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    case '\b': return '\\b';
    case '\f': return '\\f';
    default: return '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  }
}

export function isGroundTerm(term: Term): term is GroundTerm {
  return term.termType === 'NamedNode' || term.termType === 'BlankNode' || term.termType === 'Literal';
}
