/**
 * §17.3 operator mapping and the functional forms of §17.4.1 that take
 * evaluated arguments: `!`, unary `+`/`-`, `+ - * /`, `= != < > <= >=`,
 * sameTerm. (`&&`, `||`, IN, IF, COALESCE, BOUND and EXISTS need unevaluated
 * arguments and are the engine's special forms.)
 */
import type { Term } from '../../../rdf/terms.ts';
import { sameTerm, valueCompare, valueEquals } from '../compare.ts';
import type { FunctionTable } from '../context.ts';
import { effectiveBooleanValue } from '../ebv.ts';
import { bool } from '../literals.ts';
import { arithmetic, negate, numericLiteral, requireNumeric } from '../numeric.ts';

const binaryArithmetic = (op: 'add' | 'subtract' | 'multiply' | 'divide', name: string) =>
  ([a, b]: readonly Term[]): Term =>
    numericLiteral(arithmetic(op, requireNumeric(a, name), requireNumeric(b, name)));

/** `<`-family operators from one three-way comparison; NaN compares false everywhere. */
const ordering = (test: (c: number) => boolean) => ([a, b]: readonly Term[]): Term =>
  bool(test(valueCompare(a, b)));

export const operators: FunctionTable = {
  '!': ([a]) => bool(!effectiveBooleanValue(a)),
  /** op:numeric-unary-plus returns its operand unchanged (after checking it is numeric). */
  uplus: ([a]) => {
    requireNumeric(a, 'unary +');
    return a;
  },
  uminus: ([a]) => numericLiteral(negate(requireNumeric(a, 'unary -'))),
  '+': binaryArithmetic('add', '+'),
  '-': binaryArithmetic('subtract', '-'),
  '*': binaryArithmetic('multiply', '*'),
  '/': binaryArithmetic('divide', '/'),
  '=': ([a, b]) => bool(valueEquals(a, b)),
  '!=': ([a, b]) => bool(!valueEquals(a, b)),
  '<': ordering((c) => c < 0),
  '>': ordering((c) => c > 0),
  '<=': ordering((c) => c <= 0),
  '>=': ordering((c) => c >= 0),
  sameterm: ([a, b]) => bool(sameTerm(a, b)),
};
