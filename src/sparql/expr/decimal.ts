/**
 * xsd:decimal values (XML Schema 1.1 Part 2 §3.3.3) as exact BigInt fractions:
 * `value = digits × 10^-scale`. Floats would round 0.1 + 0.2; SPARQL's numeric
 * tower (§17.3, XPath op:numeric-*) requires decimal arithmetic to be exact,
 * except division, whose precision is implementation-defined (we keep
 * `DIVISION_SCALE` fractional digits, more than XPath's minimum of 18).
 */

export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

const DIVISION_SCALE = 24;
const DECIMAL_LEXICAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Parses the xsd:decimal lexical space (no exponent); undefined when invalid. */
export function parseDecimal(lexical: string): Decimal | undefined {
  const m = DECIMAL_LEXICAL.exec(lexical);
  if (!m) return undefined;
  const [, sign, int = '', frac = ''] = m;
  if (int === '' && frac === '') return undefined;
  const digits = BigInt((int || '0') + frac);
  return normalize({ digits: sign === '-' ? -digits : digits, scale: frac.length });
}

export function decimalFromBigInt(value: bigint): Decimal {
  return { digits: value, scale: 0 };
}

/** An exact decimal for a finite double (its shortest round-trip spelling); undefined for NaN/INF. */
export function decimalFromNumber(value: number): Decimal | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = value.toString();
  const exp = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return parseDecimal(text);
  const [, sign, int = '', frac = '', power = '0'] = exp;
  const scale = frac.length - Number(power);
  const digits = BigInt(sign + int + frac);
  return scale >= 0 ? normalize({ digits, scale }) : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** Removes trailing fractional zeros so equal values have one representation. */
function normalize(d: Decimal): Decimal {
  let { digits, scale } = d;
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale--;
  }
  return { digits, scale };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.digits, b.digits, a.scale];
  if (a.scale > b.scale) return [a.digits, b.digits * 10n ** BigInt(a.scale - b.scale), a.scale];
  return [a.digits * 10n ** BigInt(b.scale - a.scale), b.digits, b.scale];
}

export function decimalAdd(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalize({ digits: x + y, scale });
}

export function decimalSubtract(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalize({ digits: x - y, scale });
}

export function decimalMultiply(a: Decimal, b: Decimal): Decimal {
  return normalize({ digits: a.digits * b.digits, scale: a.scale + b.scale });
}

/** Division rounded half-away-from-zero at DIVISION_SCALE digits; the caller rejects a zero divisor. */
export function decimalDivide(a: Decimal, b: Decimal): Decimal {
  const [x, y] = align(a, b);
  const scaled = x * 10n ** BigInt(DIVISION_SCALE + 1);
  let q = scaled / y;
  q = q >= 0n ? (q + 5n) / 10n : (q - 5n) / 10n;
  return normalize({ digits: q, scale: DIVISION_SCALE });
}

export function decimalCompare(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function decimalNegate(a: Decimal): Decimal {
  return { digits: -a.digits, scale: a.scale };
}

export function decimalIsZero(a: Decimal): boolean {
  return a.digits === 0n;
}

/** fn:floor: the largest integer not greater than the value. */
export function decimalFloor(a: Decimal): bigint {
  if (a.scale === 0) return a.digits;
  const p = 10n ** BigInt(a.scale);
  const q = a.digits / p;
  return a.digits < 0n && a.digits % p !== 0n ? q - 1n : q;
}

export function decimalCeil(a: Decimal): bigint {
  return -decimalFloor(decimalNegate(a));
}

/** fn:round: nearest integer, halves rounded towards positive infinity. */
export function decimalRound(a: Decimal): bigint {
  return decimalFloor(decimalAdd(a, { digits: 5n, scale: 1 }));
}

/** Truncation towards zero (casts to xsd:integer). */
export function decimalTruncate(a: Decimal): bigint {
  return a.digits / 10n ** BigInt(a.scale);
}

export function decimalToNumber(a: Decimal): number {
  return Number(decimalToString(a));
}

/** The canonical lexical form (XSD 1.0 §3.2.3.2): at least one digit on each side of the point, "1.0", "-0.5". */
export function decimalToString(a: Decimal): string {
  const negative = a.digits < 0n;
  const abs = (negative ? -a.digits : a.digits).toString().padStart(a.scale + 1, '0');
  const int = abs.slice(0, abs.length - a.scale);
  const frac = a.scale === 0 ? '0' : abs.slice(abs.length - a.scale);
  return (negative ? '-' : '') + int + '.' + frac;
}
