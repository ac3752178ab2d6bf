/** §17.4.4 Functions on numerics: the result keeps the argument's numeric type. */
import t from 'tap';
import { call, table } from '../harness.ts';

t.test('ABS (§17.4.4.1)', async (t) => {
  table(t, 'abs', [
    [['1'], '1'],
    [['-1.5'], '1.5'],
    [['"-2"^^xsd:float'], '"2.0E0"^^xsd:float'],
    [['"x"'], 'error'],
  ]);
});

t.test('ROUND rounds halves up (§17.4.4.2)', async (t) => {
  table(t, 'round', [
    [['2.4999'], '2.0'],
    [['2.5'], '3.0'],
    [['-2.5'], '-2.0'],
    [['-2.51'], '-3.0'],
    [['7'], '7'],
    [['2.5E0'], '3.0E0'],
  ]);
});

t.test('CEIL and FLOOR (§17.4.4.3–4)', async (t) => {
  table(t, 'ceil', [[['10.5'], '11.0'], [['-10.5'], '-10.0'], [['"-0.5"^^xsd:double'], '"-0.0E0"^^xsd:double']]);
  table(t, 'floor', [[['10.5'], '10.0'], [['-10.5'], '-11.0'], [['3'], '3'], [['"a"@en'], 'error']]);
});

t.test('RAND is an xsd:double in [0, 1) (§17.4.4.5)', async (t) => {
  const r = call('rand');
  t.equal(r.termType === 'Literal' && r.datatype.value, 'http://www.w3.org/2001/XMLSchema#double');
  const value = Number(r.value);
  t.ok(value >= 0 && value < 1, `${r.value} in [0, 1)`);
});
