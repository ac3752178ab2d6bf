/**
 * Set functions (SPARQL 1.1 Query §18.5.1): COUNT, SUM, MIN, MAX, AVG,
 * SAMPLE, GROUP_CONCAT, each an accumulator fed one value per solution of a
 * group.
 *
 * `add(undefined)` means the expression was unbound or raised an error for
 * that solution. COUNT skips such values ("counts bound, non-error values");
 * SUM and AVG become errors (op:numeric-add of an error is an error);
 * MIN, MAX, SAMPLE and GROUP_CONCAT skip them. A `result()` of undefined
 * is an aggregate error: the engine leaves the variable unbound (§18.5.1.x).
 *
 * COUNT(*): the engine calls `createAggregator('count', distinct)` and adds
 * one defined term per solution. With DISTINCT it must add a term that
 * identifies the solution (e.g. a literal of the solution's key), so that
 * equal solutions collapse; without DISTINCT any term will do.
 */
import { termKey, type Term } from '../../rdf/terms.ts';
import { compareForOrderBy } from './compare.ts';
import { arithmetic, integerLiteral, numericLiteral, numericValue, type Numeric } from './numeric.ts';
import { simple } from './literals.ts';

export interface Aggregator {
  /** One value of the group; undefined = unbound or an expression error. */
  add(term: Term | undefined): void;
  /** The aggregate's value; undefined when the aggregate is an error (or MIN/MAX/SAMPLE of nothing). */
  result(): Term | undefined;
}

const ZERO: Numeric = { kind: 'integer', value: 0n };

function count(): Aggregator {
  let n = 0;
  return {
    add: (term) => {
      if (term !== undefined) n++;
    },
    result: () => integerLiteral(n),
  };
}

/** SUM and AVG: op:numeric-add over the group; a non-numeric value poisons the result. */
function sum(average: boolean): Aggregator {
  let total: Numeric | undefined = ZERO;
  let n = 0;
  return {
    add: (term) => {
      if (total === undefined) return;
      const value = term && numericValue(term);
      total = value ? arithmetic('add', total, value) : undefined;
      n++;
    },
    result: () => {
      if (total === undefined) return undefined;
      if (!average) return numericLiteral(total);
      return numericLiteral(n === 0 ? ZERO : arithmetic('divide', total, { kind: 'integer', value: BigInt(n) }));
    },
  };
}

/** MIN and MAX by the ORDER BY order (§15.1), which is total, so mixed groups still have an answer. */
function extreme(sign: 1 | -1): Aggregator {
  let best: Term | undefined;
  return {
    add: (term) => {
      if (term !== undefined && (best === undefined || sign * compareForOrderBy(term, best) < 0)) best = term;
    },
    result: () => best,
  };
}

function sample(): Aggregator {
  let first: Term | undefined;
  return {
    add: (term) => {
      first ??= term;
    },
    result: () => first,
  };
}

/** GROUP_CONCAT: the string values joined by the separator (default " "); a blank node makes it an error. */
function groupConcat(separator: string): Aggregator {
  const parts: string[] = [];
  let failed = false;
  return {
    add: (term) => {
      if (term === undefined) return;
      if (term.termType === 'BlankNode') failed = true;
      else parts.push(term.value);
    },
    result: () => (failed ? undefined : simple(parts.join(separator))),
  };
}

/** DISTINCT: each value counts once (errors pass through, they are not values). */
function distinctOf(inner: Aggregator): Aggregator {
  const seen = new Set<string>();
  return {
    add: (term) => {
      if (term !== undefined) {
        const key = termKey(term);
        if (seen.has(key)) return;
        seen.add(key);
      }
      inner.add(term);
    },
    result: () => inner.result(),
  };
}

/** An accumulator for the set function `name` (sparqlalgebrajs' lowercase aggregator names). */
export function createAggregator(name: string, distinct: boolean, separator?: string): Aggregator {
  const inner = baseAggregator(name.toLowerCase(), separator);
  return distinct ? distinctOf(inner) : inner;
}

function baseAggregator(name: string, separator: string | undefined): Aggregator {
  switch (name) {
    case 'count': return count();
    case 'sum': return sum(false);
    case 'avg': return sum(true);
    case 'min': return extreme(1);
    case 'max': return extreme(-1);
    case 'sample': return sample();
    case 'group_concat': return groupConcat(separator ?? ' ');
    default: throw new RangeError(`unknown aggregate ${name}`);
  }
}
