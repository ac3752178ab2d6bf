/**
 * §17.4.4 Functions on numerics: ABS, ROUND, CEIL, FLOOR (XPath fn:abs,
 * fn:round, fn:ceiling, fn:floor: the result keeps the argument's type) and RAND.
 */
import type { Term } from '../../../rdf/terms.ts';
import type { FunctionTable, SparqlFunction } from '../context.ts';
import { decimalCeil, decimalFloor, decimalFromBigInt, decimalRound } from '../decimal.ts';
import { negate, numericLiteral, requireNumeric, type Numeric } from '../numeric.ts';

type Rounding = (d: Parameters<typeof decimalFloor>[0]) => bigint;

/** One rounding rule applied per numeric kind: integers are already whole, floats keep NaN/INF. */
const rounding = (name: string, decimalRule: Rounding, floatRule: (x: number) => number): SparqlFunction =>
  ([a]: readonly Term[]) => numericLiteral(roundNumeric(requireNumeric(a, name), decimalRule, floatRule));

function roundNumeric(n: Numeric, decimalRule: Rounding, floatRule: (x: number) => number): Numeric {
  switch (n.kind) {
    case 'integer':
      return n;
    case 'decimal':
      return { kind: 'decimal', value: decimalFromBigInt(decimalRule(n.value)) };
    default:
      return { kind: n.kind, value: floatRule(n.value) };
  }
}

/** fn:round: halves go towards positive infinity (Math.round does exactly that). */
export const numericFunctions: FunctionTable = {
  abs: ([a]) => {
    const n = requireNumeric(a, 'ABS');
    const negative = n.kind === 'integer' ? n.value < 0n : n.kind === 'decimal' ? n.value.digits < 0n : n.value < 0;
    return numericLiteral(negative ? negate(n) : n);
  },
  round: rounding('ROUND', decimalRound, Math.round),
  ceil: rounding('CEIL', decimalCeil, Math.ceil),
  floor: rounding('FLOOR', decimalFloor, Math.floor),
  rand: () => numericLiteral({ kind: 'double', value: Math.random() }),
};
