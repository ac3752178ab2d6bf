/**
 * Effective boolean value (SPARQL 1.1 Query §17.2.2): how FILTER, `&&`, `||`,
 * `!` and IF read a term as true or false.
 */
import type { Term } from '../../rdf/terms.ts';
import { fail } from './error.ts';
import { describe, XSD_BOOLEAN, XSD_STRING } from './literals.ts';
import { isNumericDatatype, numericValue } from './numeric.ts';

/**
 * - xsd:boolean: its value; an ill-typed one is false.
 * - numerics: false for zero and NaN, true otherwise; an ill-typed one is false.
 * - simple literals / xsd:string: false when empty.
 * - anything else (IRIs, blank nodes, language-tagged and other literals): type error.
 */
export function effectiveBooleanValue(term: Term): boolean {
  if (term.termType !== 'Literal') return fail(`no effective boolean value for ${describe(term)}`);
  const dt = term.datatype.value;
  if (dt === XSD_BOOLEAN) return term.value === 'true' || term.value === '1';
  if (dt === XSD_STRING) return term.value.length > 0;
  if (isNumericDatatype(dt)) {
    const n = numericValue(term);
    if (!n) return false;
    switch (n.kind) {
      case 'integer':
        return n.value !== 0n;
      case 'decimal':
        return n.value.digits !== 0n;
      default:
        return n.value !== 0 && !Number.isNaN(n.value);
    }
  }
  return fail(`no effective boolean value for ${describe(term)}`);
}
