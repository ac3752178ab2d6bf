/** §17.4.5 Functions on dates and times, with the spec's examples. */
import t from 'tap';
import { call, table } from '../harness.ts';

const EXAMPLE = '"2011-01-10T14:45:13.815-05:00"^^xsd:dateTime';

t.test('NOW is the context instant, fixed per query (§17.4.5.1)', async (t) => {
  t.equal(call('now').value, '2011-01-10T19:45:13.815Z');
  t.equal(call('now').value, call('now').value);
});

t.test('YEAR, MONTH, DAY, HOURS, MINUTES, SECONDS (§17.4.5.2–7)', async (t) => {
  table(t, 'year', [[[EXAMPLE], '2011'], [['"-0044-03-15"^^xsd:date'], '-44'], [['"2011"'], 'error']]);
  table(t, 'month', [[[EXAMPLE], '1']]);
  table(t, 'day', [[[EXAMPLE], '10']]);
  table(t, 'hours', [[[EXAMPLE], '14'], [['"10:20:30"^^xsd:time'], '10'], [['"2011-01-10"^^xsd:date'], 'error']]);
  table(t, 'minutes', [[[EXAMPLE], '45']]);
  table(t, 'seconds', [[[EXAMPLE], '13.815'], [['"2011-01-10T14:45:07Z"^^xsd:dateTime'], '7.0']]);
  table(t, 'year', [[['"2011-02-30T00:00:00Z"^^xsd:dateTime'], 'error']]);
});

t.test('TIMEZONE is a dayTimeDuration, an error without a time zone (§17.4.5.8)', async (t) => {
  table(t, 'timezone', [
    [[EXAMPLE], '"-PT5H"^^xsd:dayTimeDuration'],
    [['"2011-01-10T14:45:13.815Z"^^xsd:dateTime'], '"PT0S"^^xsd:dayTimeDuration'],
    [['"2011-01-10T14:45:13+05:30"^^xsd:dateTime'], '"PT5H30M"^^xsd:dayTimeDuration'],
    [['"2011-01-10T14:45:13.815"^^xsd:dateTime'], 'error'],
  ]);
});

t.test('TZ is the time zone as a simple literal, "" without one (§17.4.5.9)', async (t) => {
  table(t, 'tz', [
    [[EXAMPLE], '"-05:00"'],
    [['"2011-01-10T14:45:13.815Z"^^xsd:dateTime'], '"Z"'],
    [['"2011-01-10T14:45:13.815"^^xsd:dateTime'], '""'],
    [['"not a date"^^xsd:dateTime'], 'error'],
  ]);
});
