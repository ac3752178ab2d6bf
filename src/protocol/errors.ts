/**
 * §7 errors: each kind is a named constructor giving the HTTP status and the
 * `LABEL: message` body (rdf4j-facts §2.1, decisions.md principle 2). The server
 * throws these; the HTTPRepository client reads them back with `parseErrorBody`.
 */
import { ERROR_LABEL, type ErrorLabel } from './constants.ts';

export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    readonly status: number,
    readonly label: ErrorLabel | undefined,
    message: string,
    /** Extra response headers (`Allow` on 405). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  /** The `text/plain; charset=UTF-8` response body. */
  get body(): string {
    return this.label === undefined ? this.message : `${this.label}: ${this.message}`;
  }
}

export const malformedQuery = (message: string) => new ProtocolError(400, ERROR_LABEL.malformedQuery, message);
export const malformedData = (message: string) => new ProtocolError(400, ERROR_LABEL.malformedData, message);
export const malformedParameter = (message: string) => new ProtocolError(400, ERROR_LABEL.malformedParameter, message);
export const missingParameter = (name: string) => malformedParameter(`Missing parameter: ${name}`);
export const unsupportedQueryLanguage = (language: string) =>
  new ProtocolError(400, ERROR_LABEL.unsupportedQueryLanguage, `Unknown query language: ${language}`);
/** An `Accept` query parameter naming no format we write (rdf4j-facts §2.2). */
export const unsupportedFileFormat = (mediaType: string) =>
  new ProtocolError(400, ERROR_LABEL.unsupportedFileFormat, mediaType);
export const unknownRepository = (id: string) =>
  new ProtocolError(404, ERROR_LABEL.unknownRepository, `Unknown repository: ${id}`);
export const unknownTransaction = (id: string, why: string) =>
  new ProtocolError(404, ERROR_LABEL.unknownTransaction, `transaction ${id} ${why}`);
export const notFound = (message: string) => new ProtocolError(404, ERROR_LABEL.notFound, message);
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ProtocolError(405, ERROR_LABEL.methodNotAllowed, `${method} is not supported here`, { Allow: allowed.join(', ') });
export const notAcceptable = (accept: string) =>
  new ProtocolError(406, ERROR_LABEL.notAcceptable, `No acceptable file format found for ${accept}`);
export const conflict = (message: string) => new ProtocolError(409, ERROR_LABEL.conflict, message);
export const repositoryExists = (id: string) =>
  new ProtocolError(409, ERROR_LABEL.repositoryExists, `repository already exists: ${id}`);
export const bodyTooLarge = (limit: number) =>
  new ProtocolError(413, ERROR_LABEL.bodyTooLarge, `request body exceeds ${limit} bytes`);
export const unsupportedMediaType = (mediaType: string | undefined) =>
  new ProtocolError(
    415,
    ERROR_LABEL.unsupportedMediaType,
    mediaType === undefined ? 'Missing Content-Type' : `Unsupported MIME type: ${mediaType}`,
  );
export const timeout = (message = 'Query evaluation took too long') => new ProtocolError(503, ERROR_LABEL.timeout, message);
export const internalError = (message: string) => new ProtocolError(500, ERROR_LABEL.internal, message);

const KNOWN_LABELS: ReadonlySet<string> = new Set(Object.values(ERROR_LABEL));

/** Splits a response body into its label and message, as RDF4J's `ErrorInfo.parse` does. */
export function parseErrorBody(body: string): { label?: ErrorLabel; message: string } {
  const colon = body.indexOf(':');
  const label = colon < 0 ? '' : body.slice(0, colon);
  if (KNOWN_LABELS.has(label)) return { label: label as ErrorLabel, message: body.slice(colon + 1).trim() };
  return { message: body };
}
