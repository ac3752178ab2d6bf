/**
 * A SPARQL expression error (SPARQL 1.1 Query §17.3 "type error", §17.2 "errors").
 * Errors are values in SPARQL: the caller treats one as "unbound" in BIND and
 * projection, as false in FILTER, and as an error argument where a functional
 * form (§17.4.1: `||`, `&&`, COALESCE, IF, IN) gives errors a meaning.
 */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
}

/** Throws an ExpressionError; usable in expression position. */
export function fail(message: string): never {
  throw new ExpressionError(message);
}
