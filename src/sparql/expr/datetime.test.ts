/** xsd:dateTime, xsd:date, xsd:time values (XSD 1.1 §3.3.7–3.3.9): lexical checks, time zones, order, canonical form. */
import t from 'tap';
import { parseTemporal, temporalCompare, temporalToString, timezoneDuration, type TemporalKind } from './datetime.ts';

const p = (lexical: string, kind: TemporalKind = 'dateTime') => {
  const value = parseTemporal(lexical, kind);
  if (!value) throw new Error(`invalid ${kind}: ${lexical}`);
  return value;
};

t.test('lexical space: invalid dates, hours and zones are rejected', async (t) => {
  for (const bad of ['2011-02-29T00:00:00', '2011-13-01T00:00:00', '2011-01-01T25:00:00', '2011-01-01T00:00:00+15:00', '11-01-01T00:00:00', '2011-01-01']) {
    t.equal(parseTemporal(bad, 'dateTime'), undefined, bad);
  }
  t.ok(parseTemporal('2012-02-29T00:00:00', 'dateTime'), 'leap day');
  t.ok(parseTemporal('2011-01-01T24:00:00Z', 'dateTime'), 'end of day');
  t.ok(parseTemporal('-0044-03-15', 'date'), 'negative year');
  t.ok(parseTemporal('12:30:00.5-14:00', 'time'), 'time with zone');
});

t.test('24:00:00 is the first instant of the next day', async (t) => {
  t.equal(temporalCompare(p('2011-01-01T24:00:00Z'), p('2011-01-02T00:00:00Z')), 0);
});

t.test('values with zones compare as instants; one without a zone may be indeterminate', async (t) => {
  t.equal(temporalCompare(p('2011-01-01T12:00:00+01:00'), p('2011-01-01T11:00:00Z')), 0);
  t.equal(temporalCompare(p('2011-01-01T12:00:00'), p('2011-01-01T11:00:00')), 1);
  t.equal(temporalCompare(p('2011-01-01T12:00:00'), p('2011-01-02T03:00:01Z')), -1, 'more than 14 hours apart');
  t.equal(temporalCompare(p('2011-01-01T12:00:00'), p('2011-01-02T01:59:59Z')), undefined, 'within 14 hours');
});

t.test('canonical forms and time-zone durations', async (t) => {
  t.equal(temporalToString(p('2011-01-10T14:45:13.8150-05:00')), '2011-01-10T14:45:13.815-05:00');
  t.equal(temporalToString(p('2011-01-10T14:45:13.000Z')), '2011-01-10T14:45:13Z');
  t.equal(temporalToString(p('0001-01-01', 'date')), '0001-01-01');
  t.same([0, -300, 330, 14 * 60].map(timezoneDuration), ['PT0S', '-PT5H', 'PT5H30M', 'PT14H']);
});
