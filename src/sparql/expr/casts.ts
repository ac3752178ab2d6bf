/**
 * §17.5 XPath constructor functions: casts to xsd:string, xsd:boolean,
 * xsd:integer (and its derived types), xsd:decimal, xsd:float, xsd:double,
 * xsd:dateTime, plus xsd:date and xsd:time. The spec's cast table decides
 * which source types may be cast at all (Y/M/N): an "N" cell, an invalid
 * lexical form in an "M" cell, and any non-literal except for an IRI cast to
 * xsd:string are type errors.
 */
import type { Literal, Term } from '../../rdf/terms.ts';
import type { FunctionTable, SparqlFunction } from './context.ts';
import {
  decimalFromBigInt, decimalIsZero, decimalToString, decimalTruncate, parseDecimal, type Decimal,
} from './decimal.ts';
import { parseTemporal, temporalToString, temporalValue, type Temporal, type TemporalKind } from './datetime.ts';
import { fail } from './error.ts';
import {
  bool, describe, simple, typed, XSD_BOOLEAN, XSD_DATE, XSD_DATE_TIME, XSD_DECIMAL, XSD_DOUBLE, XSD_FLOAT,
  XSD_STRING, XSD_TIME,
} from './literals.ts';
import {
  decimalOfNumber, INTEGER_DATATYPES, isNumericDatatype, numericLiteral, numericValue, parseFloatLexical, toNumber, type Numeric,
} from './numeric.ts';

/** What a cast source is, as far as the cast table cares. */
type Source =
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'numeric'; readonly n: Numeric }
  | { readonly kind: 'boolean'; readonly b: boolean }
  | { readonly kind: 'temporal'; readonly t: Temporal };

const INTEGER_LEXICAL = /^[+-]?\d+$/;

/** Classifies the cast argument; ill-typed literals and other datatypes are errors (the table's empty rows). */
function source(term: Term, target: string): Source {
  if (term.termType === 'NamedNode' && target === XSD_STRING) return { kind: 'string', text: term.value };
  if (term.termType !== 'Literal' || term.language !== '') return fail(`cannot cast ${describe(term)} to <${target}>`);
  const dt = term.datatype.value;
  if (dt === XSD_STRING) return { kind: 'string', text: term.value };
  if (dt === XSD_BOOLEAN) {
    const v = term.value.trim();
    if (v === 'true' || v === '1') return { kind: 'boolean', b: true };
    if (v === 'false' || v === '0') return { kind: 'boolean', b: false };
  }
  const n = numericValue(term);
  if (n) return { kind: 'numeric', n };
  const t = temporalValue(term);
  if (t) return { kind: 'temporal', t };
  if (target === XSD_STRING && !isInterpreted(dt)) return { kind: 'string', text: term.value };
  return fail(`cannot cast ${describe(term)} to <${target}>`);
}

/** Datatypes whose lexical forms we validate; a literal of any other datatype casts to string as written. */
function isInterpreted(dt: string): boolean {
  return dt === XSD_BOOLEAN || dt === XSD_DATE_TIME || dt === XSD_DATE || dt === XSD_TIME || isNumericDatatype(dt);
}

function invalid(text: string, target: string): never {
  return fail(`"${text}" is not a valid lexical form of <${target}>`);
}

function toStringCast(s: Source): Literal {
  switch (s.kind) {
    case 'string': return simple(s.text);
    case 'numeric': return simple(numericToString(s.n));
    case 'boolean': return simple(String(s.b));
    case 'temporal': return simple(temporalToString(s.t));
  }
}

/**
 * XPath 3.1 §19.1.2.2 casting numerics to xs:string: integer-valued decimals
 * lose the ".0"; doubles and floats between 1e-6 and 1e6 are written as
 * decimals ("1", "-7.875"), others in scientific notation ("1.0E7").
 */
function numericToString(n: Numeric): string {
  switch (n.kind) {
    case 'integer': return n.value.toString();
    case 'decimal': return decimalToString(n.value).replace(/\.0$/, '');
    default: {
      const abs = Math.abs(n.value);
      if (Object.is(n.value, -0)) return '-0';
      if (abs === 0 || (abs >= 1e-6 && abs < 1e6)) return decimalToString(decimalOfNumber(n.value)).replace(/\.0$/, '');
      return numericLiteral(n).value;
    }
  }
}

function toBoolean(s: Source): Literal {
  switch (s.kind) {
    case 'string': {
      const v = s.text.trim();
      if (v === 'true' || v === '1') return bool(true);
      if (v === 'false' || v === '0') return bool(false);
      return invalid(s.text, XSD_BOOLEAN);
    }
    case 'numeric': {
      const n = s.n;
      if (n.kind === 'integer') return bool(n.value !== 0n);
      if (n.kind === 'decimal') return bool(!decimalIsZero(n.value));
      return bool(n.value !== 0 && !Number.isNaN(n.value));
    }
    case 'boolean': return bool(s.b);
    case 'temporal': return fail(`cannot cast a date/time to xsd:boolean`);
  }
}

/** Casts to xsd:decimal; also the first step of casts to xsd:integer. */
function decimalOf(s: Source, target: string): Decimal {
  switch (s.kind) {
    case 'string': {
      const text = s.text.trim();
      return (target === XSD_DECIMAL ? parseDecimal(text) : INTEGER_LEXICAL.test(text) ? parseDecimal(text) : undefined) ?? invalid(s.text, target);
    }
    case 'numeric': {
      const n = s.n;
      if (n.kind === 'integer') return decimalFromBigInt(n.value);
      if (n.kind === 'decimal') return n.value;
      return decimalOfNumber(n.value);
    }
    case 'boolean': return decimalFromBigInt(s.b ? 1n : 0n);
    case 'temporal': return fail(`cannot cast a date/time to <${target}>`);
  }
}

function toFloating(s: Source, kind: 'float' | 'double', target: string): number {
  switch (s.kind) {
    case 'string': return parseFloatLexical(s.text.trim()) ?? invalid(s.text, target);
    case 'numeric': return toNumber(s.n);
    case 'boolean': return s.b ? 1 : 0;
    case 'temporal': return fail(`cannot cast a date/time to xsd:${kind}`);
  }
}

/** Casts to a temporal type: from a string of that type, or between dateTime and date/time (XPath §19.1.9). */
function toTemporal(s: Source, kind: TemporalKind, target: string): Literal {
  let t: Temporal | undefined;
  if (s.kind === 'string') t = parseTemporal(s.text.trim(), kind) ?? invalid(s.text, target);
  else if (s.kind === 'temporal' && (s.t.kind === kind || s.t.kind === 'dateTime')) t = { ...s.t, kind };
  else if (s.kind === 'temporal' && s.t.kind === 'date' && kind === 'dateTime') t = { ...s.t, kind, hour: 0, minute: 0, second: '00' };
  else return fail(`cannot cast to <${target}>`);
  return typed(temporalToString(t), target);
}

const cast = (target: string, convert: (s: Source) => Literal): SparqlFunction => (args) => {
  if (args.length !== 1) fail(`<${target}> takes one argument, got ${args.length}`);
  return convert(source(args[0] as Term, target));
};

/** A cast to xsd:integer or a type derived from it; the result must lie in the type's range. */
function integerCast(target: string): SparqlFunction {
  return cast(target, (s) => {
    const value = decimalTruncate(decimalOf(s, target));
    const result = typed(value.toString(), target);
    return numericValue(result) ? result : fail(`${value} is out of range for <${target}>`);
  });
}

export const casts: FunctionTable = {
  [XSD_STRING]: cast(XSD_STRING, toStringCast),
  [XSD_BOOLEAN]: cast(XSD_BOOLEAN, toBoolean),
  [XSD_DECIMAL]: cast(XSD_DECIMAL, (s) => numericLiteral({ kind: 'decimal', value: decimalOf(s, XSD_DECIMAL) })),
  [XSD_FLOAT]: cast(XSD_FLOAT, (s) => numericLiteral({ kind: 'float', value: Math.fround(toFloating(s, 'float', XSD_FLOAT)) })),
  [XSD_DOUBLE]: cast(XSD_DOUBLE, (s) => numericLiteral({ kind: 'double', value: toFloating(s, 'double', XSD_DOUBLE) })),
  [XSD_DATE_TIME]: cast(XSD_DATE_TIME, (s) => toTemporal(s, 'dateTime', XSD_DATE_TIME)),
  [XSD_DATE]: cast(XSD_DATE, (s) => toTemporal(s, 'date', XSD_DATE)),
  [XSD_TIME]: cast(XSD_TIME, (s) => toTemporal(s, 'time', XSD_TIME)),
  ...Object.fromEntries(INTEGER_DATATYPES.map((iri) => [iri, integerCast(iri)])),
};
