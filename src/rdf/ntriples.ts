/**
 * The N-Triples term syntax (RDF 1.1 N-Triples §2, https://www.w3.org/TR/n-triples/#sec-grammar)
 * as the protocol uses it for parameter values (spec §4 general rules: `subj`,
 * `pred`, `obj`, `context`, `$<varname>`), and the term reader/formatter the
 * N-Triples, N-Quads and TSV formats share.
 */
import {
  blankNode,
  defaultGraph,
  type DefaultGraph,
  escapeString,
  type GroundTerm,
  literal,
  namedNode,
  type Term,
  termKey,
  XSD,
} from './terms.ts';

/** A protocol parameter whose value is not a valid N-Triples term of an allowed kind (→ 400). */
export class ParameterError extends Error {
  override readonly name = 'ParameterError';
  constructor(
    readonly parameter: string,
    readonly value: string,
    reason: string,
  ) {
    super(`invalid value for parameter '${parameter}': ${JSON.stringify(value)}: ${reason}`);
  }
}

/** Malformed N-Triples term text; `position` is the 0-based offset where reading failed. */
export class TermSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

export type TermKind = 'iri' | 'bnode' | 'literal';

/** Reads one protocol parameter value as an N-Triples term of one of the `allowed` kinds. */
export function parseNTriplesTerm(value: string, parameter: string, allowed: readonly TermKind[]): GroundTerm {
  let read: TermRead;
  try {
    read = readTerm(value, 0);
  } catch (e) {
    if (e instanceof TermSyntaxError) throw new ParameterError(parameter, value, e.message);
    throw e;
  }
  if (read.end !== value.length) throw new ParameterError(parameter, value, 'unexpected text after the term');
  const kind = kindOf(read.term);
  if (!allowed.includes(kind)) throw new ParameterError(parameter, value, `${KIND_NAMES[kind]} not allowed here`);
  return read.term;
}

/** The `context` parameter: an IRI or blank node, or `null` for the default graph (spec §4.5). */
export function parseContextParameter(value: string, parameter = 'context'): Exclude<GroundTerm, { termType: 'Literal' }> | DefaultGraph {
  if (value === 'null') return defaultGraph();
  return parseNTriplesTerm(value, parameter, ['iri', 'bnode']) as Exclude<GroundTerm, { termType: 'Literal' }>;
}

const KIND_NAMES: Record<TermKind, string> = { iri: 'an IRI is', bnode: 'a blank node is', literal: 'a literal is' };

function kindOf(term: GroundTerm): TermKind {
  return term.termType === 'NamedNode' ? 'iri' : term.termType === 'BlankNode' ? 'bnode' : 'literal';
}

/** The N-Triples spelling of a term; IRIs with characters N-Triples forbids get UCHAR escapes. */
export function formatNTriplesTerm(term: Term): string {
  return term.termType === 'NamedNode' ? formatIri(term.value) : termKey(term);
}

// N-Triples §2.2 IRIREF: these characters must be written as \u escapes inside <…>.
const IRI_FORBIDDEN_ALL = /[\u0000-\u0020<>"{}|^`\\]/g;

export function formatIri(iri: string): string {
  if (!needsIriEscapes(iri)) return '<' + iri + '>';
  return '<' + iri.replace(IRI_FORBIDDEN_ALL, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')) + '>';
}

/** A character loop: cheaper than a regular expression test on the export hot path. */
export function needsIriEscapes(iri: string): boolean {
  for (let i = 0; i < iri.length; i++) {
    const c = iri.charCodeAt(i);
    if (c <= 0x20 || c === 60 || c === 62 || c === 34 || c === 123 || c === 125 || c === 124 || c === 94 || c === 96 || c === 92) {
      return true;
    }
  }
  return false;
}

/** A literal in N-Triples form (reuses the shared escaping of `terms.ts`). */
export function formatLiteralParts(value: string, language: string, datatype: string): string {
  const lexical = '"' + escapeString(value) + '"';
  if (language) return lexical + '@' + language;
  return datatype === XSD + 'string' ? lexical : lexical + '^^' + formatIri(datatype);
}

export interface TermRead {
  term: GroundTerm;
  /** Offset just after the term. */
  end: number;
}

/** Reads the N-Triples term starting exactly at `pos`. */
export function readTerm(text: string, pos: number): TermRead {
  switch (text.charCodeAt(pos)) {
    case 60 /* < */: {
      const { iri, end } = readIri(text, pos);
      return { term: namedNode(iri), end };
    }
    case 95 /* _ */:
      return readBlankNode(text, pos);
    case 34 /* " */:
      return readLiteral(text, pos);
    default:
      throw new TermSyntaxError(
        pos >= text.length ? 'expected a term, found the end' : 'expected an IRI, a blank node or a literal',
        pos,
      );
  }
}

// An IRIREF without escapes: the common case, matched natively in one step.
const PLAIN_IRIREF = /<[^\u0000-\u0020<>"{}|^`\\]*>/y;

/** IRIREF: `<` absolute IRI with UCHAR escapes `>`. */
export function readIri(text: string, pos: number): { iri: string; end: number } {
  PLAIN_IRIREF.lastIndex = pos;
  if (PLAIN_IRIREF.test(text)) {
    const end = PLAIN_IRIREF.lastIndex;
    const iri = text.slice(pos + 1, end - 1);
    if (!ABSOLUTE.test(iri)) throw new TermSyntaxError('relative IRI', pos);
    return { iri, end };
  }
  return readEscapedIri(text, pos);
}

/** The slow path: escapes to decode, or an error to locate. */
function readEscapedIri(text: string, pos: number): { iri: string; end: number } {
  let escaped = false;
  for (let i = pos + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) {
      let iri = text.slice(pos + 1, i);
      if (escaped) iri = unescape(iri, pos + 1, false);
      if (!ABSOLUTE.test(iri)) throw new TermSyntaxError('relative IRI', pos);
      return { iri, end: i + 1 };
    }
    if (c === 92 /* \ */) escaped = true;
    else if (c <= 0x20 || c === 60 || c === 34 || c === 123 || c === 125 || c === 124 || c === 94 || c === 96) {
      // Inside <…> as written these are forbidden (N-Triples §2.2 IRIREF); UCHAR escapes may still encode them.
      if (c === 10 || c === 13) break;
      throw new TermSyntaxError(`invalid character ${JSON.stringify(text[i])} in IRI`, pos);
    }
  }
  throw new TermSyntaxError('unterminated IRI', pos);
}
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

// BLANK_NODE_LABEL (N-Triples §2.2 production [141s]), without the `_:`.
const BNODE_LABEL =
  /[A-Za-z0-9_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}](?:[A-Za-z0-9_\-.\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]*[A-Za-z0-9_\-\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}])?/uy;

/** Whether `label` can be written as `_:label` in N-Triples/Turtle. */
export function isValidBlankNodeLabel(label: string): boolean {
  BNODE_LABEL.lastIndex = 0;
  return BNODE_LABEL.test(label) && BNODE_LABEL.lastIndex === label.length;
}

/** A label N-Triples and Turtle can write: valid ones as they are, others hex-encoded (consistently, so one node stays one node). */
export function writableBlankNodeLabel(label: string): string {
  return isValidBlankNodeLabel(label) ? label : 'u_' + Buffer.from(label).toString('hex');
}

function readBlankNode(text: string, pos: number): TermRead {
  if (text.charCodeAt(pos + 1) !== 58 /* : */) throw new TermSyntaxError('expected "_:" to start a blank node', pos);
  BNODE_LABEL.lastIndex = pos + 2;
  if (!BNODE_LABEL.test(text)) throw new TermSyntaxError('invalid blank node label', pos);
  return { term: blankNode(text.slice(pos + 2, BNODE_LABEL.lastIndex)), end: BNODE_LABEL.lastIndex };
}

const LINE_BREAK = /[\n\r]/;
const LANGTAG = /[a-zA-Z]+(?:-[a-zA-Z0-9]+)*/y;

function readLiteral(text: string, pos: number): TermRead {
  const { value, language, datatype, end } = readLiteralParts(text, pos);
  if (language) return { term: literal(value, language), end };
  return { term: datatype ? literal(value, namedNode(datatype)) : literal(value), end };
}

/** A literal's parts: `language` or `datatype` ('' when absent, i.e. xsd:string). */
export interface LiteralParts {
  value: string;
  language: string;
  datatype: string;
  end: number;
}

/** STRING_LITERAL_QUOTE followed by an optional LANGTAG or `^^` IRIREF. */
export function readLiteralParts(text: string, pos: number): LiteralParts {
  let close = pos + 1;
  for (;;) {
    close = text.indexOf('"', close);
    if (close < 0) throw new TermSyntaxError('unterminated literal', pos);
    if (text.charCodeAt(close - 1) !== 92 || !isEscaped(text, close)) break;
    close++;
  }
  let value = text.slice(pos + 1, close);
  if (LINE_BREAK.test(value)) throw new TermSyntaxError('line break in a literal', pos);
  if (value.includes('\\')) value = unescape(value, pos + 1, true);
  const after = close + 1;
  const next = text.charCodeAt(after);
  if (next === 64 /* @ */) {
    LANGTAG.lastIndex = after + 1;
    if (!LANGTAG.test(text)) throw new TermSyntaxError('invalid language tag', after);
    return { value, language: text.slice(after + 1, LANGTAG.lastIndex), datatype: '', end: LANGTAG.lastIndex };
  }
  if (next === 94 /* ^ */) {
    if (text.charCodeAt(after + 1) !== 94 || text.charCodeAt(after + 2) !== 60) {
      throw new TermSyntaxError('expected "^^<" before a datatype IRI', after);
    }
    const { iri, end } = readIri(text, after + 2);
    return { value, language: '', datatype: iri, end };
  }
  return { value, language: '', datatype: '', end: after };
}

/** Whether the character at `index` is preceded by an odd number of backslashes. */
function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(index - 1 - slashes) === 92) slashes++;
  return slashes % 2 === 1;
}

const ECHAR: Record<string, string> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f', '"': '"', "'": "'", '\\': '\\' };

/** Decodes UCHAR escapes (and ECHAR ones in strings); `offset` places errors in the whole text. */
function unescape(s: string, offset: number, allowEchar: boolean): string {
  return s.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.)|$)/gs, (match, u4: string, u8: string, c: string, at: number) => {
    if (u4 || u8) {
      const code = parseInt(u4 ?? u8, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        throw new TermSyntaxError(`invalid code point escape ${match}`, offset + at);
      }
      return String.fromCodePoint(code);
    }
    if (allowEchar && c !== undefined && c in ECHAR) return ECHAR[c]!;
    throw new TermSyntaxError(`invalid escape ${JSON.stringify(match)}`, offset + at);
  });
}
