/**
 * §7 at the HTTP edge: every error a handler meets becomes one `ProtocolError`
 * (status + `LABEL: message`), never a stack trace. Domain errors of the
 * engine, the parsers, the stores and the repository manager map by kind.
 */
import { ParseError } from '../formats/format.ts';
import { ParameterError } from '../rdf/ntriples.ts';
import { ConflictError, InvalidStatementError, TransactionStateError, UnsupportedIsolationLevelError } from '../sail/errors.ts';
import { MalformedQueryError, QueryEvaluationError, QueryTimeoutError } from '../sparql/api.ts';
import {
  conflict,
  internalError,
  malformedData,
  malformedParameter,
  malformedQuery,
  notFound,
  ProtocolError,
  repositoryExists,
  timeout,
} from '../protocol/errors.ts';

/**
 * Errors of modules the server does not otherwise import (the repository
 * manager and configuration, SPARQL Update operations, remote repositories),
 * known by their `name` so that loading the server does not load them.
 */
const BY_NAME: Record<string, (e: Error) => ProtocolError> = {
  RepositoryConfigError: (e) => malformedData(`Supplied repository configuration is invalid: ${e.message}`),
  UnsupportedConfigError: (e) => malformedData(`Supplied repository configuration is invalid: ${e.message}`),
  RepositoryExistsError: (e) => repositoryExists(e.message),
  UnknownRepositoryError: (e) => notFound(e.message),
  /** CREATE of a graph that exists: the request conflicts with the store's state. */
  GraphManagementError: (e) => conflict(e.message),
  /** LOAD could not fetch or read its document: the server acted as a gateway. */
  LoadError: (e) => new ProtocolError(502, undefined, e.message),
  /** A remote repository's own client error passes through; anything else is a bad gateway. */
  RemoteRepositoryError: (e) => {
    const status = (e as Error & { status?: number }).status ?? 0;
    return new ProtocolError(status >= 400 && status < 500 ? status : 502, undefined, e.message);
  },
};

export function toProtocolError(error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error;
  if (error instanceof MalformedQueryError) return malformedQuery(error.message);
  if (error instanceof QueryTimeoutError) return timeout(error.message || undefined);
  if (error instanceof QueryEvaluationError) return malformedQuery(error.message);
  if (error instanceof ParseError || error instanceof InvalidStatementError) return malformedData(error.message);
  if (error instanceof ParameterError) return malformedParameter(error.message);
  if (error instanceof ConflictError) return conflict(error.message);
  if (error instanceof UnsupportedIsolationLevelError || error instanceof TransactionStateError) return malformedParameter(error.message);
  if (error instanceof Error) {
    const mapped = BY_NAME[error.name];
    if (mapped) return mapped(error);
    return internalError(error.message);
  }
  return internalError(String(error));
}
