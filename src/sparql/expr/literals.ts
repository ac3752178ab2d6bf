/**
 * Literal helpers shared by the §17.4 function families: the XSD datatype
 * IRIs the operators know, constructors for result literals, and the argument
 * checks §17.4.3.1 names ("simple literal", "string literal", compatibility).
 */
import { literal, namedNode, rdf, XSD, type Literal, type NamedNode, type Term } from '../../rdf/terms.ts';
import { fail } from './error.ts';

export const XSD_STRING = XSD + 'string';
export const XSD_BOOLEAN = XSD + 'boolean';
export const XSD_INTEGER = XSD + 'integer';
export const XSD_DECIMAL = XSD + 'decimal';
export const XSD_FLOAT = XSD + 'float';
export const XSD_DOUBLE = XSD + 'double';
export const XSD_DATE_TIME = XSD + 'dateTime';
export const XSD_DATE = XSD + 'date';
export const XSD_TIME = XSD + 'time';
export const XSD_DAY_TIME_DURATION = XSD + 'dayTimeDuration';
export const RDF_LANG_STRING = rdf.langString.value;

const datatypes = new Map<string, NamedNode>();
/** A datatype IRI node, shared so result literals do not allocate one each. */
export function datatype(iri: string): NamedNode {
  let node = datatypes.get(iri);
  if (!node) datatypes.set(iri, (node = namedNode(iri)));
  return node;
}

export const TRUE = literal('true', datatype(XSD_BOOLEAN));
export const FALSE = literal('false', datatype(XSD_BOOLEAN));
export const bool = (value: boolean): Literal => (value ? TRUE : FALSE);
export const typed = (value: string, datatypeIri: string): Literal => literal(value, datatype(datatypeIri));
export const simple = (value: string): Literal => literal(value);

/** A simple literal in RDF 1.1 terms: xsd:string, no language tag. */
function isSimpleLiteral(term: Term): term is Literal {
  return term.termType === 'Literal' && term.language === '' && term.datatype.value === XSD_STRING;
}

/** §17.4.3.1.1 string literal: a simple literal or a language-tagged string. */
function isStringLiteral(term: Term): term is Literal {
  return term.termType === 'Literal' && (term.language !== '' || term.datatype.value === XSD_STRING);
}

export function requireStringLiteral(term: Term, fn: string): Literal {
  return isStringLiteral(term) ? term : fail(`${fn}: expected a string literal, got ${describe(term)}`);
}

export function requireSimpleLiteral(term: Term, fn: string): Literal {
  return isSimpleLiteral(term) ? term : fail(`${fn}: expected a simple literal, got ${describe(term)}`);
}

export function requireLiteral(term: Term, fn: string): Literal {
  return term.termType === 'Literal' ? term : fail(`${fn}: expected a literal, got ${describe(term)}`);
}

/**
 * §17.4.3.1.2 argument compatibility: both simple / xsd:string, both with the
 * same language tag, or the first tagged and the second simple.
 */
export function requireCompatible(a: Literal, b: Literal, fn: string): void {
  if (b.language === '' || b.language === a.language) return;
  fail(`${fn}: incompatible arguments ${describe(a)} and ${describe(b)}`);
}

/** A string result carrying the language tag (or xsd:string) of `like` (§17.4.3 "the same kind"). */
export function stringLike(value: string, like: Literal): Literal {
  return like.language ? literal(value, like.language) : literal(value);
}

/** A short rendering of a term for error messages. */
export function describe(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return `<${term.value}>`;
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal':
      if (term.language) return `"${term.value}"@${term.language}`;
      return term.datatype.value === XSD_STRING ? `"${term.value}"` : `"${term.value}"^^<${term.datatype.value}>`;
    default:
      return term.termType;
  }
}

/**
 * Memoizes a pure function of a literal. RDF/JS literals from N3.js re-parse
 * their id string on every `.value`/`.datatype` access, and the store hands out
 * the same term object for the same id, so caching the parsed value per term
 * object turns repeated parsing into one WeakMap lookup. Invisible to callers:
 * the function is pure and entries die with their terms.
 */
export function perLiteral<T>(parse: (lit: Literal) => T): (lit: Literal) => T {
  const cache = new WeakMap<Literal, { value: T }>();
  return (lit) => {
    let entry = cache.get(lit);
    if (!entry) cache.set(lit, (entry = { value: parse(lit) }));
    return entry.value;
  };
}
