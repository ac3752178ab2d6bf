/**
 * The numeric tower (SPARQL 1.1 Query §17.3 "Operator Mapping" with XPath
 * §6.2 op:numeric-*): xsd:integer (and its derived types) ⊂ xsd:decimal ⊂
 * xsd:float ⊂ xsd:double, with type promotion to the wider operand.
 * Integers are BigInts and decimals exact BigInt fractions (`decimal.ts`), so
 * `1/3` is an exact-enough xsd:decimal and `0.1 + 0.2 = 0.3` holds.
 * Results are written in their canonical lexical forms (XSD 1.0 §3.2).
 */
import type { Literal, Term } from '../../rdf/terms.ts';
import { XSD } from '../../rdf/terms.ts';
import {
  decimalAdd, decimalCompare, decimalDivide, decimalFromBigInt, decimalFromNumber, decimalIsZero, decimalMultiply,
  decimalNegate, decimalSubtract, decimalToNumber, decimalToString, parseDecimal, type Decimal,
} from './decimal.ts';
import { fail } from './error.ts';
import { describe, perLiteral, typed, XSD_DECIMAL, XSD_DOUBLE, XSD_FLOAT, XSD_INTEGER } from './literals.ts';

export type Numeric =
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'decimal'; readonly value: Decimal }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'double'; readonly value: number };

type Kind = Numeric['kind'];
const RANK: Record<Kind, number> = { integer: 0, decimal: 1, float: 2, double: 3 };

/** xsd:integer and the types derived from it (XSD §3.3.13–3.3.25), with their value ranges. */
const INTEGER_TYPES: ReadonlyMap<string, readonly [min?: bigint, max?: bigint]> = new Map(
  (
    [
      ['integer', []],
      ['nonPositiveInteger', [undefined, 0n]],
      ['negativeInteger', [undefined, -1n]],
      ['long', [-(2n ** 63n), 2n ** 63n - 1n]],
      ['int', [-(2n ** 31n), 2n ** 31n - 1n]],
      ['short', [-32768n, 32767n]],
      ['byte', [-128n, 127n]],
      ['nonNegativeInteger', [0n]],
      ['unsignedLong', [0n, 2n ** 64n - 1n]],
      ['unsignedInt', [0n, 2n ** 32n - 1n]],
      ['unsignedShort', [0n, 65535n]],
      ['unsignedByte', [0n, 255n]],
      ['positiveInteger', [1n]],
    ] as const
  ).map(([name, range]) => [XSD + name, range as readonly [bigint?, bigint?]]),
);

/** xsd:integer and its derived datatypes, as IRIs. */
export const INTEGER_DATATYPES: readonly string[] = [...INTEGER_TYPES.keys()];

const INTEGER_LEXICAL = /^[+-]?\d+$/;
const FLOAT_LEXICAL = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?INF|NaN)$/;

/** Whether the datatype IRI is one of the numeric types (xsd:decimal, float, double, integer and derived). */
export function isNumericDatatype(iri: string): boolean {
  return iri === XSD_DECIMAL || iri === XSD_DOUBLE || iri === XSD_FLOAT || INTEGER_TYPES.has(iri);
}

/** The value of a numeric literal; undefined for non-numeric terms and ill-typed lexical forms ("abc"^^xsd:int). */
export function numericValue(term: Term): Numeric | undefined {
  return term.termType === 'Literal' ? parsedNumeric(term) : undefined;
}

const parsedNumeric = perLiteral(parseNumeric);

function parseNumeric(term: Literal): Numeric | undefined {
  const dt = term.datatype.value;
  if (!dt.startsWith(XSD)) return undefined;
  const lexical = term.value.trim();
  if (dt === XSD_DOUBLE || dt === XSD_FLOAT) {
    const value = parseFloatLexical(lexical);
    if (value === undefined) return undefined;
    return dt === XSD_DOUBLE ? { kind: 'double', value } : { kind: 'float', value: Math.fround(value) };
  }
  if (dt === XSD_DECIMAL) {
    const value = parseDecimal(lexical);
    return value && { kind: 'decimal', value };
  }
  const range = INTEGER_TYPES.get(dt);
  if (!range || !INTEGER_LEXICAL.test(lexical)) return undefined;
  const value = BigInt(lexical);
  const [min, max] = range;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) return undefined;
  return { kind: 'integer', value };
}

/** The xsd:double/float lexical space (XSD 1.1 allows "+INF"); undefined when invalid. */
export function parseFloatLexical(lexical: string): number | undefined {
  if (!FLOAT_LEXICAL.test(lexical)) return undefined;
  if (lexical.endsWith('INF')) return lexical.startsWith('-') ? -Infinity : Infinity;
  return Number(lexical);
}

export function requireNumeric(term: Term, fn: string): Numeric {
  return numericValue(term) ?? fail(`${fn}: expected a numeric literal, got ${describe(term)}`);
}

/** Converts to a wider kind (XPath §B.1 type promotion and subtype substitution). */
function promote(n: Numeric, kind: Kind): Numeric {
  if (n.kind === kind) return n;
  switch (kind) {
    case 'decimal':
      return { kind, value: decimalFromBigInt(n.value as bigint) };
    case 'float':
      return { kind, value: Math.fround(toNumber(n)) };
    case 'double':
      return { kind, value: toNumber(n) };
    case 'integer':
      throw new Error('integer is the narrowest numeric kind');
  }
}

export function toNumber(n: Numeric): number {
  switch (n.kind) {
    case 'integer':
      return Number(n.value);
    case 'decimal':
      return decimalToNumber(n.value);
    default:
      return n.value;
  }
}

function widest(a: Numeric, b: Numeric): Kind {
  return RANK[a.kind] >= RANK[b.kind] ? a.kind : b.kind;
}

type Arithmetic = 'add' | 'subtract' | 'multiply' | 'divide';

/** op:numeric-add / -subtract / -multiply / -divide. Integer division yields xsd:decimal; division by zero of exact values is an error. */
export function arithmetic(op: Arithmetic, a: Numeric, b: Numeric): Numeric {
  let kind = widest(a, b);
  if (op === 'divide' && kind === 'integer') kind = 'decimal';
  const x = promote(a, kind);
  const y = promote(b, kind);
  if (x.kind === 'integer' && y.kind === 'integer') return { kind, value: integerOp(op, x.value, y.value) } as Numeric;
  if (x.kind === 'decimal' && y.kind === 'decimal') return { kind, value: decimalOp(op, x.value, y.value) } as Numeric;
  const value = floatOp(op, x.value as number, y.value as number);
  return { kind, value: kind === 'float' ? Math.fround(value) : value } as Numeric;
}

function integerOp(op: Arithmetic, x: bigint, y: bigint): bigint {
  switch (op) {
    case 'add': return x + y;
    case 'subtract': return x - y;
    case 'multiply': return x * y;
    case 'divide': throw new Error('integer division is done in xsd:decimal');
  }
}

function decimalOp(op: Arithmetic, x: Decimal, y: Decimal): Decimal {
  switch (op) {
    case 'add': return decimalAdd(x, y);
    case 'subtract': return decimalSubtract(x, y);
    case 'multiply': return decimalMultiply(x, y);
    case 'divide': return decimalIsZero(y) ? fail('division by zero') : decimalDivide(x, y);
  }
}

function floatOp(op: Arithmetic, x: number, y: number): number {
  switch (op) {
    case 'add': return x + y;
    case 'subtract': return x - y;
    case 'multiply': return x * y;
    case 'divide': return x / y;
  }
}

/** op:numeric-less-than / -equal as one three-way comparison; NaN when either side is NaN (every comparison false). */
export function numericCompare(a: Numeric, b: Numeric): number {
  const kind = widest(a, b);
  const x = promote(a, kind);
  const y = promote(b, kind);
  if (x.kind === 'integer' && y.kind === 'integer') return x.value < y.value ? -1 : x.value > y.value ? 1 : 0;
  if (x.kind === 'decimal' && y.kind === 'decimal') return decimalCompare(x.value, y.value);
  const [p, q] = [x.value as number, y.value as number];
  return p < q ? -1 : p > q ? 1 : p === q ? 0 : NaN;
}

/** op:numeric-unary-minus: keeps the operand's type (so -0.0E0 stays a negative zero). */
export function negate(n: Numeric): Numeric {
  switch (n.kind) {
    case 'integer':
      return { kind: n.kind, value: -n.value };
    case 'decimal':
      return { kind: n.kind, value: decimalNegate(n.value) };
    default:
      return { kind: n.kind, value: -n.value };
  }
}

/** The literal for a numeric value, in canonical lexical form. */
export function numericLiteral(n: Numeric): Literal {
  switch (n.kind) {
    case 'integer':
      return typed(n.value.toString(), XSD_INTEGER);
    case 'decimal':
      return typed(decimalToString(n.value), XSD_DECIMAL);
    case 'float':
      return typed(floatToString(n.value, true), XSD_FLOAT);
    case 'double':
      return typed(floatToString(n.value, false), XSD_DOUBLE);
  }
}

export const integerLiteral = (value: bigint | number): Literal => typed(BigInt(value).toString(), XSD_INTEGER);

/** Canonical xsd:double/float (XSD 1.0 §3.2.5.2): "1.5E2", "1.0E0", "0.0E0", "INF", "NaN". */
function floatToString(value: number, single: boolean): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0.0E0' : '0.0E0';
  const [mantissa = '', exponent = ''] = shortestExponential(value, single).split('e');
  return (mantissa.includes('.') ? mantissa : mantissa + '.0') + 'E' + Number(exponent);
}

/** The shortest exponential spelling that reads back as the same value (float32 when `single`). */
function shortestExponential(value: number, single: boolean): string {
  if (!single) return value.toExponential();
  for (let digits = 0; digits < 9; digits++) {
    const text = value.toExponential(digits);
    if (Math.fround(Number(text)) === value) return text;
  }
  return value.toExponential(8);
}

/** The exact decimal of a float/double, for casts; error for NaN and infinities (XPath FOCA0002). */
export function decimalOfNumber(value: number): Decimal {
  return decimalFromNumber(value) ?? fail(`cannot represent ${value} as xsd:decimal`);
}
