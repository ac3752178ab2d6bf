/**
 * The format contract (spec §4.15): every RDF format and every query-result
 * format is one entry with a streaming parser and a streaming writer. The
 * registry (`registry.ts`) keys entries by media type and file extension;
 * content negotiation (`negotiate.ts`) picks one from an `Accept` header.
 *
 * Streaming shape, chosen for speed and backpressure:
 * - Parsers push into a handler (RDF4J's RDFHandler pattern): the caller's
 *   `quad()` is synchronous, so a parser can feed a store without per-quad
 *   promises. Input is any async iterable of bytes (an HTTP request, a file
 *   stream, a gunzip stream), so an upload never has to sit whole in memory.
 * - Writers are synchronous and push text or bytes into a `ByteSink`, buffering
 *   small pieces themselves. The caller (e.g. the HTTP layer) checks
 *   backpressure between batches of rows; `end()` flushes.
 */
import type { Quad, Term } from '../rdf/terms.ts';

/** Where a writer puts its output: an HTTP response, a file stream, or a buffer in tests. */
export interface ByteSink {
  write(chunk: string | Uint8Array): unknown;
}

/** Bytes in: a Node stream, a web stream reader adapter, or an array of chunks. */
export type ByteSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

export interface RdfHandler {
  quad(quad: Quad): void;
  /** A namespace declaration seen in the document (Turtle @prefix, RDF/XML xmlns, JSON-LD context terms…). */
  namespace?(prefix: string, iri: string): void;
}

export interface RdfParseOptions {
  /** Base IRI for relative IRIs (RFC 3986 §5.1: the document's own base declarations win). */
  baseIRI?: string;
  /**
   * Keep blank-node labels as they appear in the document instead of making
   * them unique to this parse (the protocol's `preserveNodeId`).
   */
  preserveBNodeIds?: boolean;
}

export interface RdfWriteOptions {
  /** Prefixes to declare up front, for formats that abbreviate (Turtle, TriG, N3, RDF/XML, JSON-LD). */
  prefixes?: ReadonlyMap<string, string> | Record<string, string>;
  baseIRI?: string;
}

export interface RdfWriter {
  namespace(prefix: string, iri: string): void;
  quad(quad: Quad): void;
  /** Completes the document and flushes everything to the sink. */
  end(): void;
}

export interface FormatBase {
  /** Human name as in spec §4.15 ("Turtle", "SPARQL Query Results JSON"). */
  readonly name: string;
  /** The first media type is the canonical one; the rest are accepted aliases (rdf4j-facts §7.2). */
  readonly mediaTypes: readonly string[];
  /** File extensions without the dot; the first is canonical. */
  readonly extensions: readonly string[];
  /** Textual formats are UTF-8 (`; charset=UTF-8` is added to Content-Type); binary ones are not. */
  readonly binary: boolean;
}

export interface RdfFormat extends FormatBase {
  readonly kind: 'rdf';
  /** Whether the format can carry named graphs (N-Quads, TriG, TriX, JSON-LD, Binary RDF). */
  readonly supportsContexts: boolean;
  readonly supportsNamespaces: boolean;
  parse(input: ByteSource, handler: RdfHandler, options?: RdfParseOptions): Promise<void>;
  /** Absent for parse-only formats. */
  writer?(sink: ByteSink, options?: RdfWriteOptions): RdfWriter;
}

/** One solution, aligned with the variable list; `undefined` = unbound. */
export type Solution = readonly (Term | undefined)[];

export interface TupleHandler {
  variables(names: readonly string[]): void;
  solution(values: Solution): void;
}

export interface TupleWriter {
  solution(values: Solution): void;
  end(): void;
}

export interface TupleResultFormat extends FormatBase {
  readonly kind: 'tuple';
  /** Absent for write-only formats (CSV). */
  parse?(input: ByteSource, handler: TupleHandler): Promise<void>;
  writer?(sink: ByteSink, variables: readonly string[]): TupleWriter;
}

export interface BooleanResultFormat extends FormatBase {
  readonly kind: 'boolean';
  parse?(input: ByteSource): Promise<boolean>;
  write?(sink: ByteSink, value: boolean): void;
}

export type Format = RdfFormat | TupleResultFormat | BooleanResultFormat;

/**
 * Malformed input. `line`/`column` are 1-based and present where the parser
 * knows them; the server answers `400 MALFORMED DATA: <message>`.
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  constructor(
    message: string,
    readonly format: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line}${column === undefined ? '' : `, column ${column}`})`);
  }
}
