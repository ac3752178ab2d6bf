/** §17.3 operator mapping: arithmetic with type promotion, comparisons, `!`, unary `+`/`-`. */
import t from 'tap';
import { table } from '../harness.ts';

t.test('arithmetic promotes to the wider type (§17.3, XPath op:numeric-add)', async (t) => {
  table(t, '+', [
    [['1', '2'], '3'],
    [['1', '2.5'], '3.5'],
    [['0.1', '0.2'], '0.3'],
    [['1', '"2"^^xsd:float'], '"3.0E0"^^xsd:float'],
    [['"2"^^xsd:float', '1.0E0'], '3.0E0'],
    [['"1"^^xsd:int', '"2"^^xsd:byte'], '3'],
    [['1', '"2"'], 'error'],
    [['1', '"2"^^xsd:unknown'], 'error'],
    [['"abc"^^xsd:integer', '1'], 'error'],
  ]);
  table(t, '-', [
    [['1', '2'], '-1'],
    [['2.0', '0.5'], '1.5'],
  ]);
  table(t, '*', [
    [['3', '4'], '12'],
    [['1.5', '2'], '3.0'],
    [['123456789012345678901234567890', '10'], '1234567890123456789012345678900'],
  ]);
});

t.test('division: integer / integer is xsd:decimal; exact zero divisors are errors, doubles follow IEEE', async (t) => {
  table(t, '/', [
    [['1', '2'], '0.5'],
    [['4', '2'], '2.0'],
    [['1', '3'], '0.333333333333333333333333'],
    [['2', '3'], '0.666666666666666666666667'],
    [['1', '0'], 'error'],
    [['1.0', '0.0'], 'error'],
    [['1.0E0', '0'], '"INF"^^xsd:double'],
    [['-1', '0.0E0'], '"-INF"^^xsd:double'],
    [['0.0E0', '0.0E0'], '"NaN"^^xsd:double'],
  ]);
});

t.test('unary operators keep the operand type', async (t) => {
  table(t, 'UMINUS', [
    [['1'], '-1'],
    [['-1.5'], '1.5'],
    [['1.0E0'], '-1.0E0'],
    [['"1"'], 'error'],
  ]);
  table(t, 'UPLUS', [
    [['"+05"^^xsd:integer'], '"+05"^^xsd:integer'],
    [['"3"^^xsd:decimal'], '"3"^^xsd:decimal'],
    [['<http://example.org/>'], 'error'],
  ]);
});

t.test('! negates the effective boolean value', async (t) => {
  table(t, '!', [
    [['true'], 'false'],
    [['""'], 'true'],
    [['0'], 'true'],
    [['"x"@en'], 'error'],
  ]);
});

t.test('= compares values across numeric types, strings, booleans, dateTimes (§17.3)', async (t) => {
  table(t, '=', [
    [['1', '1.0'], 'true'],
    [['1', '1.0E0'], 'true'],
    [['"1"^^xsd:byte', '1'], 'true'],
    [['"abc"', '"abc"^^xsd:string'], 'true'],
    [['"abc"', '"abd"'], 'false'],
    [['true', '"1"^^xsd:boolean'], 'true'],
    [['"2005-04-04T04:04:04Z"^^xsd:dateTime', '"2005-04-03T23:04:04-05:00"^^xsd:dateTime'], 'true'],
    [['"NaN"^^xsd:double', '"NaN"^^xsd:double'], 'false'],
    [['"a"@en', '"a"@EN'], 'true'],
    [['"a"@en', '"a"@fr'], 'false'],
    [['"a"@en', '"a"'], 'false'],
    [['1', '"1"'], 'false'],
    [['<http://a/>', '<http://a/>'], 'true'],
    [['<http://a/>', '"http://a/"'], 'false'],
    [['"x"^^<http://ex/t>', '"x"^^<http://ex/t>'], 'true'],
    [['"x"^^<http://ex/t>', '"y"^^<http://ex/t>'], 'error'],
    [['"x"^^<http://ex/t>', '1'], 'error'],
  ]);
  table(t, '!=', [
    [['1', '2'], 'true'],
    [['1', '1.0'], 'false'],
    [['"x"^^<http://ex/t>', '"y"^^<http://ex/t>'], 'error'],
  ]);
});

t.test('< > <= >= order numerics, strings, booleans and dateTimes; other pairs are type errors', async (t) => {
  table(t, '<', [
    [['1', '2.5'], 'true'],
    [['2.5E0', '1'], 'false'],
    [['"abc"', '"abd"'], 'true'],
    [['"B"', '"a"'], 'true'],
    [['false', 'true'], 'true'],
    [['"2005-01-01T00:00:00Z"^^xsd:dateTime', '"2006-01-01T00:00:00Z"^^xsd:dateTime'], 'true'],
    [['"NaN"^^xsd:double', '1'], 'false'],
    [['"a"@en', '"b"@en'], 'error'],
    [['1', '"1"'], 'error'],
    [['<http://a/>', '<http://b/>'], 'error'],
  ]);
  table(t, '>=', [
    [['2', '2.0'], 'true'],
    [['"b"', '"a"'], 'true'],
  ]);
  table(t, '<=', [[['"NaN"^^xsd:double', '"NaN"^^xsd:double'], 'false']]);
  table(t, '>', [[['"2"^^xsd:unsignedByte', '1.5E0'], 'true']]);
});

t.test('sameTerm is identity, not value equality (§17.4.1.8)', async (t) => {
  table(t, 'sameTerm', [
    [['1', '1'], 'true'],
    [['1', '1.0'], 'false'],
    [['"01"^^xsd:integer', '1'], 'false'],
    [['_:a', '_:a'], 'true'],
    [['_:a', '_:b'], 'false'],
  ]);
});
