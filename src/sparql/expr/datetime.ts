/**
 * xsd:dateTime, xsd:date and xsd:time values (XSD 1.1 Part 2 §3.3.7–3.3.9) and
 * their order (§3.3.7.3 "Order relation on dateTime"): values with a time zone
 * compare as instants; a value without one is compared with the ±14:00 rule,
 * and a comparison that rule cannot decide is "indeterminate", which SPARQL's
 * operators turn into a type error (§17.3).
 */
import type { Literal, Term } from '../../rdf/terms.ts';
import { perLiteral, XSD_DATE, XSD_DATE_TIME, XSD_TIME } from './literals.ts';

export type TemporalKind = 'dateTime' | 'date' | 'time';

export interface Temporal {
  readonly kind: TemporalKind;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** Seconds as written (e.g. "05.250"), so SECONDS() can return an exact xsd:decimal. */
  readonly second: string;
  /** Offset from UTC in minutes; undefined when the value has no time zone. */
  readonly tz: number | undefined;
  /** The time zone as written ("Z", "+00:00", "-05:00"); "" when absent. */
  readonly tzLexical: string;
}

const TZ = '(Z|[+-](?:(?:0\\d|1[0-3]):[0-5]\\d|14:00))?';
const DATE = '(-?(?:[1-9]\\d{4,}|\\d{4}))-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const TIME = '([01]\\d|2[0-3]):([0-5]\\d):([0-5]\\d(?:\\.\\d+)?)|(24):(00):(00(?:\\.0+)?)';
const PATTERNS: Record<TemporalKind, RegExp> = {
  dateTime: new RegExp(`^${DATE}T(?:${TIME})${TZ}$`),
  date: new RegExp(`^${DATE}${TZ}$`),
  time: new RegExp(`^(?:${TIME})${TZ}$`),
};
const KIND_OF: ReadonlyMap<string, TemporalKind> = new Map([
  [XSD_DATE_TIME, 'dateTime'],
  [XSD_DATE, 'date'],
  [XSD_TIME, 'time'],
]);

/** The temporal value of an xsd:dateTime/date/time literal; undefined for other terms and invalid lexical forms. */
export function temporalValue(term: Term): Temporal | undefined {
  return term.termType === 'Literal' ? parsedTemporal(term) : undefined;
}

const parsedTemporal = perLiteral((lit: Literal): Temporal | undefined => {
  const kind = KIND_OF.get(lit.datatype.value);
  return kind && parseTemporal(lit.value.trim(), kind);
});

export function parseTemporal(lexical: string, kind: TemporalKind): Temporal | undefined {
  const m = PATTERNS[kind].exec(lexical);
  if (!m) return undefined;
  const g = m.slice(1);
  let date: string[] = ['1972', '12', '31'];
  let rest = g;
  if (kind !== 'time') {
    date = g.slice(0, 3) as string[];
    rest = g.slice(3);
  }
  let time = ['00', '00', '00'];
  if (kind !== 'date') {
    time = (rest[0] !== undefined ? rest.slice(0, 3) : rest.slice(3, 6)) as string[];
    rest = rest.slice(6);
  }
  const [year = '', month = '', day = ''] = date;
  if (Number(day) > daysInMonth(Number(year), Number(month))) return undefined;
  const [hour = '', minute = '', second = ''] = time;
  return {
    kind,
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second,
    tz: parseTimezone(rest[0]),
    tzLexical: rest[0] ?? '',
  };
}

function parseTimezone(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text === 'Z') return 0;
  const minutes = Number(text.slice(1, 3)) * 60 + Number(text.slice(4, 6));
  return text.startsWith('-') ? -minutes : minutes;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Seconds since 1970-01-01T00:00:00, reading a value without time zone as UTC. */
export function timeline(t: Temporal): number {
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day);
  date.setUTCHours(t.hour, t.minute, 0, 0);
  return date.getTime() / 1000 + Number(t.second) - (t.tz ?? 0) * 60;
}

const FOURTEEN_HOURS = 14 * 3600;

/**
 * Three-way comparison per XSD §3.3.7.3; undefined when indeterminate (exactly
 * one side lacks a time zone and the two are within 14 hours of each other).
 */
export function temporalCompare(a: Temporal, b: Temporal): number | undefined {
  const x = timeline(a);
  const y = timeline(b);
  if ((a.tz === undefined) === (b.tz === undefined)) return Math.sign(x - y);
  // One side is a local time: it stands for any instant within ±14 hours.
  const [lo, hi] = a.tz === undefined ? [x - FOURTEEN_HOURS, x + FOURTEEN_HOURS] : [y - FOURTEEN_HOURS, y + FOURTEEN_HOURS];
  const fixed = a.tz === undefined ? y : x;
  if (fixed < lo) return a.tz === undefined ? 1 : -1;
  if (fixed > hi) return a.tz === undefined ? -1 : 1;
  return undefined;
}

/** The xsd:dayTimeDuration of a time zone offset (TIMEZONE(), §17.4.5.8): "PT0S", "-PT8H", "PT5H30M". */
export function timezoneDuration(minutes: number): string {
  if (minutes === 0) return 'PT0S';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return (minutes < 0 ? '-' : '') + 'PT' + (h ? `${h}H` : '') + (m ? `${m}M` : '');
}

/** The lexical time zone (TZ(), §17.4.5.9): "" without one, "Z" for UTC, else "-08:00". */
function timezoneLexical(minutes: number | undefined): string {
  if (minutes === undefined) return '';
  if (minutes === 0) return 'Z';
  const abs = Math.abs(minutes);
  return (minutes < 0 ? '-' : '+') + pad(Math.floor(abs / 60)) + ':' + pad(abs % 60);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The canonical lexical form of a temporal value (casts, NOW()). */
export function temporalToString(t: Temporal): string {
  const year = (t.year < 0 ? '-' : '') + String(Math.abs(t.year)).padStart(4, '0');
  const date = `${year}-${pad(t.month)}-${pad(t.day)}`;
  const time = `${pad(t.hour)}:${pad(t.minute)}:${canonicalSeconds(t.second)}`;
  const text = t.kind === 'date' ? date : t.kind === 'time' ? time : `${date}T${time}`;
  return text + timezoneLexical(t.tz);
}

function canonicalSeconds(second: string): string {
  if (!second.includes('.')) return second;
  const trimmed = second.replace(/\.?0+$/, '');
  return trimmed.padStart(2, '0');
}

/** The dateTime of a JS Date, in UTC ("Z"), with milliseconds when non-zero. */
export function dateTimeOf(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}
