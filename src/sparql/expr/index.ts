/**
 * SPARQL 1.1 Query §17 "Expressions and Testing Values" and §18.5 set
 * functions: the library the evaluator compiles expressions against.
 *
 * The engine resolves each operator or function name once, at compile time
 * (`resolveFunction`), then calls the returned function per solution with
 * evaluated arguments. Functional forms that need unevaluated arguments
 * (`&&`, `||`, BOUND, IF, COALESCE, IN, NOT IN, EXISTS, NOT EXISTS) are the
 * engine's; it uses `effectiveBooleanValue`, `valueEquals` (for IN) and
 * `ExpressionError` to implement them.
 *
 * The dispatch tables, one per §17.4 subsection:
 * - functions/operators.ts  §17.3 operators, §17.4.1 `=`, sameTerm
 * - functions/terms.ts      §17.4.2 functions on RDF terms
 * - functions/strings.ts    §17.4.3 functions on strings (regex.ts: REGEX, REPLACE)
 * - functions/numerics.ts   §17.4.4 functions on numerics
 * - functions/dates.ts      §17.4.5 functions on dates and times
 * - functions/hashes.ts     §17.4.6 hash functions
 * - casts.ts                §17.5 XPath constructor functions (keyed by full IRI)
 */
import { casts } from './casts.ts';
import type { FunctionTable, SparqlFunction } from './context.ts';
import { dateFunctions } from './functions/dates.ts';
import { hashFunctions } from './functions/hashes.ts';
import { numericFunctions } from './functions/numerics.ts';
import { operators } from './functions/operators.ts';
import { createRegex, createReplace } from './functions/regex.ts';
import { stringFunctions } from './functions/strings.ts';
import { termFunctions } from './functions/terms.ts';

export { ExpressionError } from './error.ts';
export type { FunctionContext, SparqlFunction } from './context.ts';
export { effectiveBooleanValue } from './ebv.ts';
export { compareForOrderBy, compareStrings, rdfTermEqual, sameTerm, valueCompare, valueEquals } from './compare.ts';
export { createAggregator, type Aggregator } from './aggregates.ts';
export { bool, FALSE, TRUE } from './literals.ts';
export { isNumericDatatype, numericCompare, numericLiteral, numericValue, type Numeric } from './numeric.ts';

/** Builtins keyed by lowercase name; operators keep their symbol. */
const BUILTINS: FunctionTable = {
  ...operators,
  ...termFunctions,
  ...stringFunctions,
  ...numericFunctions,
  ...dateFunctions,
  ...hashFunctions,
};

/** Functions with per-call-site state (a compiled-pattern cache): a new instance per resolution. */
const FACTORIES: Readonly<Record<string, () => SparqlFunction>> = {
  regex: createRegex,
  replace: createReplace,
};

/**
 * The implementation of an operator/builtin (sparqlalgebrajs' `operator`,
 * matched case-insensitively: it spells `BNODE`, `UMINUS` and `UPLUS` in
 * capitals) or a named function (its full IRI: the XSD casts).
 * Undefined for unknown names: the engine reports those at compile time.
 */
export function resolveFunction(name: string): SparqlFunction | undefined {
  if (Object.hasOwn(casts, name)) return casts[name];
  const key = name.toLowerCase();
  if (Object.hasOwn(FACTORIES, key)) return FACTORIES[key]?.();
  return Object.hasOwn(BUILTINS, key) ? BUILTINS[key] : undefined;
}
