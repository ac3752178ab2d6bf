/** Term comparison: RDFterm-equal (§17.4.1.7), XSD dateTime order with and without time zones, ORDER BY (§15.1). */
import t from 'tap';
import type { Term } from '../../rdf/terms.ts';
import { compareForOrderBy, rdfTermEqual } from './index.ts';
import { table, term } from './harness.ts';

t.test('RDFterm-equal: different literals of unknown datatypes are a type error', async (t) => {
  t.equal(rdfTermEqual(term('<http://a/>'), term('<http://a/>')), true);
  t.equal(rdfTermEqual(term('"a"@en'), term('"b"@en')), false);
  t.throws(() => rdfTermEqual(term('"a"^^<http://ex/t>'), term('"b"^^<http://ex/t>')), { name: 'ExpressionError' });
});

t.test('dateTime order (XSD 1.1 §3.3.7.3): a time without zone is ±14 hours wide', async (t) => {
  table(t, '<', [
    [['"2002-04-02T12:00:00-01:00"^^xsd:dateTime', '"2002-04-02T17:00:00+04:00"^^xsd:dateTime'], 'false'],
    [['"2002-04-02T12:00:00"^^xsd:dateTime', '"2002-04-03T12:00:00Z"^^xsd:dateTime'], 'true'],
    [['"2002-04-02T12:00:00"^^xsd:dateTime', '"2002-04-02T23:00:00Z"^^xsd:dateTime'], 'error'],
    [['"2002-04-02T12:00:00Z"^^xsd:dateTime', '"2002-04-01T12:00:00"^^xsd:dateTime'], 'false'],
    [['"2002-04-02"^^xsd:date', '"2002-04-03"^^xsd:date'], 'true'],
    [['"2002-04-02"^^xsd:date', '"2002-04-03T00:00:00Z"^^xsd:dateTime'], 'error'],
  ]);
  table(t, '=', [
    [['"2002-04-02T12:00:00-01:00"^^xsd:dateTime', '"2002-04-02T17:00:00+04:00"^^xsd:dateTime'], 'true'],
    [['"2002-04-02T12:00:00"^^xsd:dateTime', '"2002-04-02T12:00:00"^^xsd:dateTime'], 'true'],
    [['"2002-04-02T12:00:00"^^xsd:dateTime', '"2002-04-02T12:00:00Z"^^xsd:dateTime'], 'error'],
    [['"2002-04-02T12:00:00"^^xsd:dateTime', '"2002-05-02T12:00:00Z"^^xsd:dateTime'], 'false'],
  ]);
});

t.test('ORDER BY: unbound < blank < IRI < literal, numerics by value, then a total order', async (t) => {
  const input: (Term | undefined)[] = [
    term('"b"'),
    term('10'),
    term('<http://b/>'),
    undefined,
    term('"a"@en'),
    term('2.5E0'),
    term('_:x'),
    term('<http://a/>'),
    term('"a"'),
    term('"x"^^<http://ex/t>'),
    term('1'),
    term('"2011-01-10T14:45:13Z"^^xsd:dateTime'),
    term('true'),
  ];
  // Array.prototype.sort never passes `undefined` to a comparator, so sort boxed values.
  const sorted = input
    .map((value) => ({ value }))
    .sort((a, b) => compareForOrderBy(a.value, b.value))
    .map(({ value }) => (value === undefined ? 'UNDEF' : value.value));
  t.same(sorted, [
    'UNDEF', 'x', 'http://a/', 'http://b/', '1', '2.5E0', '10', 'a', 'b', 'a', 'true', '2011-01-10T14:45:13Z', 'x',
  ]);
  t.equal(compareForOrderBy(term('1'), term('1.0')), -compareForOrderBy(term('1.0'), term('1')), 'ties are broken symmetrically');
  t.not(compareForOrderBy(term('1'), term('1.0')), 0, 'distinct terms never compare equal');
  t.equal(compareForOrderBy(term('1'), term('1')), 0);
  const numbers = ['3', '"NaN"^^xsd:double', '-1.5', '"NaN"^^xsd:float', '2.0E0'].map(term);
  t.same(numbers.sort(compareForOrderBy).map((x) => x.value), ['NaN', 'NaN', '-1.5', '2.0E0', '3'], 'NaN first, then by value');
});
