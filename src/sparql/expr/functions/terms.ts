/**
 * §17.4.2 Functions on RDF terms: isIRI, isBlank, isLiteral, isNumeric, STR,
 * LANG, DATATYPE, IRI, BNODE, STRDT, STRLANG, UUID, STRUUID.
 */
import { randomUUID } from 'node:crypto';
import { literal, namedNode, type Term } from '../../../rdf/terms.ts';
import { isAbsoluteIri, resolveIri } from '../../../rdf/iri.ts';
import type { FunctionTable, SparqlFunction } from '../context.ts';
import { fail } from '../error.ts';
import { bool, datatype, describe, RDF_LANG_STRING, requireLiteral, requireSimpleLiteral, simple } from '../literals.ts';
import { numericValue } from '../numeric.ts';

/** STR (§17.4.2.5): the lexical form of a literal or the IRI string; an error for blank nodes. */
function str([a]: readonly Term[]): Term {
  if (a.termType === 'Literal' || a.termType === 'NamedNode') return simple(a.value);
  return fail(`STR: no string form for ${describe(a)}`);
}

/** Characters RFC 3987 never allows in an IRI (space, controls, <>"{}|^` and backslash). */
const NOT_IN_IRI = /[\u0000-\u0020<>"{}|^`\\]/;

/** IRI/URI (§17.4.2.8): an IRI unchanged, a simple literal resolved against the base IRI. */
const iri: SparqlFunction = ([a], ctx) => {
  if (a.termType === 'NamedNode') return a;
  const text = requireSimpleLiteral(a, 'IRI').value;
  if (NOT_IN_IRI.test(text)) return fail(`IRI: "${text}" contains characters not allowed in an IRI`);
  const resolved = resolveIri(text, ctx.baseIRI);
  return isAbsoluteIri(resolved) ? namedNode(resolved) : fail(`IRI: "${text}" is not an absolute IRI`);
};

/** BNODE (§17.4.2.9): fresh, or one node per simple-literal label within the solution. */
const bnode: SparqlFunction = (args, ctx) =>
  args.length === 0 ? ctx.bnode() : ctx.bnode(requireSimpleLiteral(args[0], 'BNODE').value);

/** STRDT (§17.4.2.10): a simple literal retyped; the datatype must be an IRI. */
function strdt([lex, dt]: readonly Term[]): Term {
  const text = requireSimpleLiteral(lex, 'STRDT').value;
  if (dt.termType !== 'NamedNode') return fail(`STRDT: datatype ${describe(dt)} is not an IRI`);
  // rdf:langString needs a language tag, which STRDT cannot give (use STRLANG).
  return dt.value === RDF_LANG_STRING ? fail('STRDT: cannot make an rdf:langString') : literal(text, dt);
}

const LANGUAGE_TAG = /^[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*$/;

/** STRLANG (§17.4.2.11): a simple literal with a (well-formed, non-empty) language tag. */
function strlang([lex, tag]: readonly Term[]): Term {
  const text = requireSimpleLiteral(lex, 'STRLANG').value;
  const lang = requireSimpleLiteral(tag, 'STRLANG').value;
  return LANGUAGE_TAG.test(lang) ? literal(text, lang) : fail(`STRLANG: "${lang}" is not a language tag`);
}

export const termFunctions: FunctionTable = {
  isiri: ([a]) => bool(a.termType === 'NamedNode'),
  isuri: ([a]) => bool(a.termType === 'NamedNode'),
  isblank: ([a]) => bool(a.termType === 'BlankNode'),
  isliteral: ([a]) => bool(a.termType === 'Literal'),
  isnumeric: ([a]) => bool(numericValue(a) !== undefined),
  str,
  lang: ([a]) => simple(requireLiteral(a, 'LANG').language),
  datatype: ([a]) => datatype(requireLiteral(a, 'DATATYPE').datatype.value),
  iri,
  uri: iri,
  bnode,
  strdt,
  strlang,
  uuid: () => namedNode('urn:uuid:' + randomUUID()),
  struuid: () => simple(randomUUID()),
};
