/**
 * §17.4.5 Functions on dates and times: NOW, YEAR, MONTH, DAY, HOURS,
 * MINUTES, SECONDS, TIMEZONE, TZ. The spec defines them on xsd:dateTime; we
 * also accept xsd:date for the date parts and xsd:time for the time parts,
 * as XPath's fn:*-from-date / -from-time do.
 */
import type { Term } from '../../../rdf/terms.ts';
import type { FunctionTable, SparqlFunction } from '../context.ts';
import { dateTimeOf, temporalValue, timezoneDuration, type Temporal, type TemporalKind } from '../datetime.ts';
import { fail } from '../error.ts';
import { parseDecimal } from '../decimal.ts';
import { describe, simple, typed, XSD_DATE_TIME, XSD_DAY_TIME_DURATION } from '../literals.ts';
import { integerLiteral, numericLiteral } from '../numeric.ts';

function requireTemporal(term: Term, fn: string, kinds: readonly TemporalKind[]): Temporal {
  const t = temporalValue(term);
  if (t && kinds.includes(t.kind)) return t;
  return fail(`${fn}: expected ${kinds.map((k) => 'xsd:' + k).join(' or ')}, got ${describe(term)}`);
}

const DATE_KINDS: readonly TemporalKind[] = ['dateTime', 'date'];
const TIME_KINDS: readonly TemporalKind[] = ['dateTime', 'time'];
const ALL_KINDS: readonly TemporalKind[] = ['dateTime', 'date', 'time'];

const component = (name: string, kinds: readonly TemporalKind[], pick: (t: Temporal) => number): SparqlFunction =>
  ([a]) => integerLiteral(pick(requireTemporal(a, name, kinds)));

export const dateFunctions: FunctionTable = {
  now: (_, ctx) => typed(dateTimeOf(ctx.now), XSD_DATE_TIME),
  year: component('YEAR', DATE_KINDS, (t) => t.year),
  month: component('MONTH', DATE_KINDS, (t) => t.month),
  day: component('DAY', DATE_KINDS, (t) => t.day),
  hours: component('HOURS', TIME_KINDS, (t) => t.hour),
  minutes: component('MINUTES', TIME_KINDS, (t) => t.minute),
  /** SECONDS (§17.4.5.7): an xsd:decimal, exact as written ("05.250" → 5.25). */
  seconds: ([a]) => {
    const t = requireTemporal(a, 'SECONDS', TIME_KINDS);
    return numericLiteral({ kind: 'decimal', value: parseDecimal(t.second) ?? fail('SECONDS: bad seconds') });
  },
  /** TIMEZONE (§17.4.5.8): an xsd:dayTimeDuration; an error when the value has no time zone. */
  timezone: ([a]) => {
    const t = requireTemporal(a, 'TIMEZONE', ALL_KINDS);
    if (t.tz === undefined) return fail(`TIMEZONE: ${describe(a)} has no time zone`);
    return typed(timezoneDuration(t.tz), XSD_DAY_TIME_DURATION);
  },
  /** TZ (§17.4.5.9): the time zone as written, "" when there is none. */
  tz: ([a]) => simple(requireTemporal(a, 'TZ', ALL_KINDS).tzLexical),
};
