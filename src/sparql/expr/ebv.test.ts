/** §17.2.2 Effective boolean value, with the spec's list of cases. */
import t from 'tap';
import { effectiveBooleanValue } from './index.ts';
import { term } from './harness.ts';

const ebv = (turtle: string): boolean | 'error' => {
  try {
    return effectiveBooleanValue(term(turtle));
  } catch (e) {
    if ((e as Error).name === 'ExpressionError') return 'error';
    throw e;
  }
};

t.test('booleans, numerics and strings have an EBV; everything else is an error', async (t) => {
  const cases: [string, boolean | 'error'][] = [
    ['true', true],
    ['false', false],
    ['"maybe"^^xsd:boolean', false],
    ['0', false],
    ['0.0', false],
    ['"NaN"^^xsd:double', false],
    ['"-0.0E0"^^xsd:double', false],
    ['12', true],
    ['"12x"^^xsd:integer', false],
    ['""', false],
    ['"x"', true],
    ['""^^xsd:string', false],
    ['"x"@en', 'error'],
    ['"2011-01-10T14:45:13Z"^^xsd:dateTime', 'error'],
    ['<http://a/>', 'error'],
    ['_:b', 'error'],
  ];
  for (const [input, expected] of cases) t.equal(ebv(input), expected, `EBV(${input}) = ${expected}`);
});
