/** §17.5 XPath constructor functions: the cast table, lexical checks, canonical results. */
import t from 'tap';
import { XSD } from '../../rdf/terms.ts';
import { table } from './harness.ts';

const to = (type: string): string => XSD + type;

t.test('xsd:string from typed literals (XPath §19.1.2.2 spellings) and IRIs; language-tagged strings and blank nodes are not in the table', async (t) => {
  table(t, to('string'), [
    [['"abc"@en'], 'error'],
    [['"abc"'], '"abc"'],
    [['1.50'], '"1.5"'],
    [['1.0'], '"1"'],
    [['"01"^^xsd:integer'], '"1"'],
    [['1.0E2'], '"100"'],
    [['-7.875E0'], '"-7.875"'],
    [['"-0.0E0"^^xsd:double'], '"-0"'],
    [['1.0E7'], '"1.0E7"'],
    [['"1.5E-7"^^xsd:float'], '"1.5E-7"'],
    [['true'], '"true"'],
    [['"0"^^xsd:boolean'], '"false"'],
    [['<http://example/>'], '"http://example/"'],
    [['"x"^^<http://ex/t>'], '"x"'],
    [['_:b'], 'error'],
  ]);
});

t.test('xsd:boolean from strings, numerics, booleans', async (t) => {
  table(t, to('boolean'), [
    [['"true"'], 'true'],
    [['"0"'], 'false'],
    [['"yes"'], 'error'],
    [['0.0'], 'false'],
    [['"NaN"^^xsd:double'], 'false'],
    [['2'], 'true'],
    [['"2011-01-10T14:45:13Z"^^xsd:dateTime'], 'error'],
  ]);
});

t.test('xsd:integer truncates; strings must be integer lexical forms', async (t) => {
  table(t, to('integer'), [
    [['" 12 "'], '12'],
    [['"012"'], '12'],
    [['"1.5"'], 'error'],
    [['2.9'], '2'],
    [['-2.9E0'], '-2'],
    [['true'], '1'],
    [['"INF"^^xsd:double'], 'error'],
    [['"abc"^^xsd:integer'], 'error'],
    [['<http://a/>'], 'error'],
  ]);
  table(t, to('byte'), [[['"127"'], '"127"^^xsd:byte'], [['"128"'], 'error']]);
});

t.test('xsd:decimal from decimal lexical forms (no exponent), numerics, booleans', async (t) => {
  table(t, to('decimal'), [
    [['"1.50"'], '1.5'],
    [['"1"'], '1.0'],
    [['"1e3"'], 'error'],
    [['1.25E0'], '1.25'],
    [['1.0E20'], '100000000000000000000.0'],
    [['false'], '0.0'],
    [['"NaN"^^xsd:double'], 'error'],
  ]);
});

t.test('xsd:float and xsd:double in canonical form', async (t) => {
  table(t, to('double'), [
    [['"1"'], '1.0E0'],
    [['"-INF"'], '"-INF"^^xsd:double'],
    [['"1.5e2"'], '1.5E2'],
    [['0.1'], '1.0E-1'],
    [['true'], '1.0E0'],
    [['"abc"'], 'error'],
    [['"2011-01-10T14:45:13Z"^^xsd:dateTime'], 'error'],
  ]);
  table(t, to('float'), [
    [['"0.1"'], '"1.0E-1"^^xsd:float'],
    [['3'], '"3.0E0"^^xsd:float'],
  ]);
});

t.test('xsd:dateTime, xsd:date, xsd:time', async (t) => {
  table(t, to('dateTime'), [
    [['"2011-01-10T14:45:13.815-05:00"'], '"2011-01-10T14:45:13.815-05:00"^^xsd:dateTime'],
    [['"2011-01-10"'], 'error'],
    [['"2011-01-10"^^xsd:date'], '"2011-01-10T00:00:00"^^xsd:dateTime'],
    [['1'], 'error'],
  ]);
  table(t, to('date'), [[['"2011-01-10T14:45:13Z"^^xsd:dateTime'], '"2011-01-10Z"^^xsd:date']]);
  table(t, to('time'), [[['"2011-01-10T14:45:13Z"^^xsd:dateTime'], '"14:45:13Z"^^xsd:time']]);
});
