/** xsd:decimal arithmetic (XSD §3.3.3, XPath op:numeric-*): exact sums and products, rounding rules, canonical form. */
import t from 'tap';
import {
  decimalAdd, decimalCeil, decimalDivide, decimalFloor, decimalFromNumber, decimalMultiply, decimalRound, decimalToString,
  decimalTruncate, parseDecimal, type Decimal,
} from './decimal.ts';

const d = (text: string): Decimal => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

t.test('lexical forms (XSD §3.3.3.1) and the canonical form (XSD 1.0 §3.2.3.2)', async (t) => {
  const cases: [string, string][] = [
    ['1', '1.0'], ['+1.50', '1.5'], ['-.5', '-0.5'], ['007.0100', '7.01'], ['0', '0.0'], ['-0.0', '0.0'], ['5.', '5.0'],
  ];
  for (const [input, canonical] of cases) t.equal(decimalToString(d(input)), canonical, `${input} → ${canonical}`);
  for (const bad of ['', '.', '1e3', '1.2.3', 'INF', ' 1', '--1']) t.equal(parseDecimal(bad), undefined, `"${bad}" is not a decimal`);
});

t.test('sums and products are exact', async (t) => {
  t.equal(decimalToString(decimalAdd(d('0.1'), d('0.2'))), '0.3');
  t.equal(decimalToString(decimalAdd(d('123456789012345678901234567890.1'), d('0.9'))), '123456789012345678901234567891.0');
  t.equal(decimalToString(decimalMultiply(d('1.1'), d('1.1'))), '1.21');
});

t.test('division keeps 24 fractional digits, rounding half away from zero', async (t) => {
  t.equal(decimalToString(decimalDivide(d('1'), d('3'))), '0.333333333333333333333333');
  t.equal(decimalToString(decimalDivide(d('-2'), d('3'))), '-0.666666666666666666666667');
  t.equal(decimalToString(decimalDivide(d('1'), d('8'))), '0.125');
});

t.test('floor, ceil, round (halves towards +∞), truncate', async (t) => {
  const rows: [string, bigint, bigint, bigint, bigint][] = [
    ['2.5', 2n, 3n, 3n, 2n], ['-2.5', -3n, -2n, -2n, -2n], ['-2.51', -3n, -2n, -3n, -2n], ['7', 7n, 7n, 7n, 7n], ['-0.1', -1n, 0n, 0n, 0n],
  ];
  for (const [x, floor, ceil, round, trunc] of rows) {
    t.same([decimalFloor(d(x)), decimalCeil(d(x)), decimalRound(d(x)), decimalTruncate(d(x))], [floor, ceil, round, trunc], x);
  }
});

t.test('doubles convert exactly as their shortest spelling; NaN and infinities do not', async (t) => {
  t.equal(decimalToString(decimalFromNumber(1e21) as Decimal), '1000000000000000000000.0');
  t.equal(decimalToString(decimalFromNumber(1.5e-7) as Decimal), '0.00000015');
  t.equal(decimalFromNumber(Number.NaN), undefined);
  t.equal(decimalFromNumber(Infinity), undefined);
});
