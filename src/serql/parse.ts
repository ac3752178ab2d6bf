/**
 * SeRQL (spec §4.3 `queryLn=serql`) → the engine's `Query`, the same shape
 * `../sparql/parse.ts` gives for SPARQL, so one evaluator runs both:
 * `lexer.ts` → `grammar.ts` (syntax tree, `ast.ts`) → `translate.ts`.
 */
import type { Query } from '../sparql/algebra.ts';
import type { ParseOptions } from '../sparql/api.ts';
import { parseSerqlSyntax } from './grammar.ts';
import { translate } from './translate.ts';

/** Parses and translates a SeRQL query; a `MalformedQueryError` names the line and column of a problem. */
export function parseSerql(text: string, options: ParseOptions = {}): Query {
  return translate(parseSerqlSyntax(text), options.baseIRI);
}
