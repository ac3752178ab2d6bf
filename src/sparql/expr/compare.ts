/**
 * Term comparison: sameTerm (§17.4.2.x), RDFterm-equal (§17.4.1.7), the value
 * comparisons behind `=`, `!=`, `<`, `>`, `<=`, `>=` (§17.3 operator mapping:
 * numeric, simple literal / xsd:string, xsd:boolean, xsd:dateTime; we add
 * xsd:date and xsd:time by the same XSD order), and the total order of
 * ORDER BY (§15.1).
 */
import type { Literal, Term } from '../../rdf/terms.ts';
import { temporalCompare, temporalValue, timeline, type Temporal } from './datetime.ts';
import { fail } from './error.ts';
import { describe, perLiteral, RDF_LANG_STRING, XSD_BOOLEAN, XSD_STRING } from './literals.ts';
import { numericCompare, numericValue, type Numeric } from './numeric.ts';

/** A literal's value as the comparison operators see it. */
type Value =
  | { readonly kind: 'numeric'; readonly n: Numeric }
  | { readonly kind: 'string'; readonly s: string }
  | { readonly kind: 'langString'; readonly s: string; readonly lang: string }
  | { readonly kind: 'boolean'; readonly b: boolean }
  | { readonly kind: 'temporal'; readonly t: Temporal }
  /** A literal of a datatype we do not interpret, or an ill-typed literal of one we do. */
  | { readonly kind: 'other' };

const OTHER: Value = { kind: 'other' };

const valueOf = perLiteral(parseValue);

function parseValue(lit: Literal): Value {
  const dt = lit.datatype.value;
  if (dt === XSD_STRING) return { kind: 'string', s: lit.value };
  if (dt === RDF_LANG_STRING) return { kind: 'langString', s: lit.value, lang: lit.language.toLowerCase() };
  if (dt === XSD_BOOLEAN) {
    const v = lit.value.trim();
    return v === 'true' || v === '1' ? { kind: 'boolean', b: true } : v === 'false' || v === '0' ? { kind: 'boolean', b: false } : OTHER;
  }
  const n = numericValue(lit);
  if (n) return { kind: 'numeric', n };
  const t = temporalValue(lit);
  return t ? { kind: 'temporal', t } : OTHER;
}

/** sameTerm (§17.4.2.x): the same RDF term (language tags compare case-insensitively, RDF 1.1 §3.3). */
export function sameTerm(a: Term, b: Term): boolean {
  if (a.termType !== b.termType || a.value !== b.value) return false;
  if (a.termType !== 'Literal') return a.equals(b);
  const l = b as Literal;
  return a.datatype.value === l.datatype.value && a.language.toLowerCase() === l.language.toLowerCase();
}

/**
 * RDFterm-equal (§17.4.1.7): true for the same term; for two different
 * literals whose values we can tell apart (both of interpreted datatypes) false;
 * otherwise a type error, since two unknown literals may denote the same value.
 */
export function rdfTermEqual(a: Term, b: Term): boolean {
  if (sameTerm(a, b)) return true;
  if (a.termType !== 'Literal' || b.termType !== 'Literal') return false;
  const [x, y] = [valueOf(a), valueOf(b)];
  if (x.kind === 'other' || y.kind === 'other') fail(`cannot compare ${describe(a)} and ${describe(b)}`);
  return false;
}

/** The `=` operator (§17.3): value equality where the operator mapping defines it, else RDFterm-equal. */
export function valueEquals(a: Term, b: Term): boolean {
  if (a.termType !== 'Literal' || b.termType !== 'Literal') return sameTerm(a, b);
  const [x, y] = [valueOf(a), valueOf(b)];
  if (x.kind === 'numeric' && y.kind === 'numeric') return numericCompare(x.n, y.n) === 0;
  if (x.kind === 'temporal' && y.kind === 'temporal' && x.t.kind === y.t.kind) {
    return temporalOrder(x.t, y.t, a, b) === 0;
  }
  if (x.kind === y.kind && x.kind !== 'other') return compareSameKind(x, y) === 0;
  return rdfTermEqual(a, b);
}

/**
 * The `<` family (§17.3): a three-way comparison for numerics, simple
 * literals, booleans and date/times; a type error for anything else. NaN is
 * returned when an operand is NaN (then every comparison is false).
 */
export function valueCompare(a: Term, b: Term): number {
  if (a.termType === 'Literal' && b.termType === 'Literal') {
    const [x, y] = [valueOf(a), valueOf(b)];
    if (x.kind === 'numeric' && y.kind === 'numeric') return numericCompare(x.n, y.n);
    if (x.kind === 'temporal' && y.kind === 'temporal' && x.t.kind === y.t.kind) return temporalOrder(x.t, y.t, a, b);
    if (x.kind === y.kind && (x.kind === 'string' || x.kind === 'boolean')) return compareSameKind(x, y);
  }
  return fail(`cannot order ${describe(a)} and ${describe(b)}`);
}

function temporalOrder(x: Temporal, y: Temporal, a: Term, b: Term): number {
  return temporalCompare(x, y) ?? fail(`indeterminate comparison of ${describe(a)} and ${describe(b)}`);
}

function compareSameKind(x: Value, y: Value): number {
  switch (x.kind) {
    case 'string':
      return compareStrings(x.s, (y as typeof x).s);
    case 'langString': {
      const other = y as typeof x;
      return x.lang === other.lang ? compareStrings(x.s, other.s) : NaN;
    }
    case 'boolean':
      return Number(x.b) - Number((y as typeof x).b);
    default:
      return NaN;
  }
}

/** Code-point order (XPath fn:compare with the default collation); UTF-16 order differs above the BMP. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** ORDER BY ranks (§15.1): unbound < blank nodes < IRIs < literals; quoted triples last. */
const TERM_RANK: Record<string, number> = { BlankNode: 1, NamedNode: 2, Literal: 3, Quad: 4 };
/** Literal groups in ORDER BY, so the order stays total across datatypes. */
const VALUE_RANK: Record<Value['kind'], number> = { numeric: 0, string: 1, langString: 2, boolean: 3, temporal: 4, other: 5 };

/**
 * The ORDER BY comparator (§15.1): the partial order of `<` where it applies,
 * extended to a total, deterministic order over all terms and `undefined`.
 */
export function compareForOrderBy(a: Term | undefined, b: Term | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  const rank = (TERM_RANK[a.termType] ?? 5) - (TERM_RANK[b.termType] ?? 5);
  if (rank !== 0) return rank;
  if (a.termType !== 'Literal' || b.termType !== 'Literal') return compareStrings(a.value, b.value);
  const [x, y] = [valueOf(a), valueOf(b)];
  return VALUE_RANK[x.kind] - VALUE_RANK[y.kind] || compareValues(x, y) || compareLexically(a, b as Literal);
}

function compareValues(x: Value, y: Value): number {
  let c: number;
  if (x.kind === 'numeric') c = nanFirst(x.n) - nanFirst((y as typeof x).n) || numericCompare(x.n, (y as typeof x).n);
  else if (x.kind === 'temporal') c = timeline(x.t) - timeline((y as typeof x).t);
  else if (x.kind === 'langString') c = compareStrings(x.lang, (y as typeof x).lang) || compareStrings(x.s, (y as typeof x).s);
  else c = compareSameKind(x, y);
  // Two NaNs compare as NaN: call them equal and let the lexical tie-break decide.
  return Number.isNaN(c) ? 0 : Math.sign(c);
}

/** NaN sorts before every other number, so the numeric order stays transitive. */
const nanFirst = (n: Numeric): number => (n.kind !== 'integer' && n.kind !== 'decimal' && Number.isNaN(n.value) ? -1 : 0);

function compareLexically(a: Literal, b: Literal): number {
  return (
    compareStrings(a.datatype.value, b.datatype.value) ||
    compareStrings(a.value, b.value) ||
    compareStrings(a.language, b.language)
  );
}
