/**
 * Adapter over n3's streaming parser and writer for the Turtle family of
 * spec §4.15 (Turtle, TriG, N3; N-Triples and N-Quads parsing). The only file
 * that imports `n3`'s Parser and Writer. n3 reads a "stream" through `on('data')`
 * and `on('end')` and tokenizes synchronously inside those calls, so we feed it
 * each text chunk as it arrives and check for its error after every chunk.
 */
import { Parser, Writer } from 'n3';
import { isValidBlankNodeLabel, writableBlankNodeLabel } from '../../rdf/ntriples.ts';
import { blankNode, type Quad, type Term } from '../../rdf/terms.ts';
import { type ByteSink, type ByteSource, ParseError, type RdfHandler, type RdfParseOptions, type RdfWriteOptions, type RdfWriter } from '../format.ts';
import { TextBuffer, textChunks } from '../io.ts';
import { BlankNodeScope } from './blankNodes.ts';
import { prefixEntries } from './prefixes.ts';

/** n3's format names. */
export type N3FormatName = 'N-Triples' | 'N-Quads' | 'Turtle' | 'TriG' | 'N3';

type Listener = (data?: string) => void;

/** The minimal event-emitter face n3's lexer reads a stream through. */
class ChunkFeed {
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: 'data' | 'end', data?: string): void {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

interface N3SyntaxError extends Error {
  context?: { line?: number };
}

/** Parses `input` with n3, pushing quads and prefixes into `handler` as they are read. */
export async function parseWithN3(
  format: N3FormatName,
  input: ByteSource,
  handler: RdfHandler,
  options: RdfParseOptions | undefined,
): Promise<void> {
  const scope = new BlankNodeScope(options);
  const parser = new Parser({
    format,
    baseIRI: options?.baseIRI,
    blankNodePrefix: scope.prefix,
    factory: scope.prefixedFactory(),
  } as ConstructorParameters<typeof Parser>[0]);
  const feed = new ChunkFeed();
  let failure: N3SyntaxError | undefined;
  let ended = false;
  const onQuad = (error: Error | null, quad: Quad | null): void => {
    if (error) failure ??= error;
    else if (quad) handler.quad(quad);
    else ended = true;
  };
  const onPrefix = (prefix: string, iri: { value: string }): void => handler.namespace?.(prefix, iri.value);
  (parser.parse as unknown as (input: ChunkFeed, onQuad: unknown, onPrefix: unknown) => void)(feed, onQuad, onPrefix);
  let empty = true;
  for await (const text of textChunks(input)) {
    feed.emit('data', text);
    empty = false;
    if (failure) break;
  }
  // n3 only finishes a stream that sent some data; an empty document is valid (and empty).
  if (empty) feed.emit('data', '\n');
  if (!failure) feed.emit('end');
  if (failure) throw toParseError(failure, format);
  if (!ended) throw new ParseError('unexpected end of input', format);
}

function toParseError(error: N3SyntaxError, format: string): ParseError {
  const line = error.context?.line;
  const message = error.message.replace(/ on line \d+\.$/, '');
  return new ParseError(message, format, line);
}

/**
 * A writer built on n3's Writer (Turtle, TriG, N3): n3 groups runs of the same
 * subject and predicate and abbreviates IRIs with the prefixes.
 * For triple-only formats the graph is dropped, as RDF4J's writers do.
 */
export function n3Writer(format: 'Turtle' | 'TriG' | 'N3', sink: ByteSink, options: RdfWriteOptions | undefined): RdfWriter {
  const out = new TextBuffer(sink);
  const keepGraphs = format === 'TriG';
  const writer = new Writer({ write: (chunk: string) => out.push(chunk), end: () => undefined } as unknown as NodeJS.WritableStream, {
    format,
    prefixes: Object.fromEntries(prefixEntries(options?.prefixes)),
    // n3 writes IRIs relative to the base, so the base must be in the document.
    baseIRI: options?.baseIRI,
    writeBase: true,
    end: false,
  } as ConstructorParameters<typeof Writer>[1]);
  return {
    namespace: (prefix, iri) => writer.addPrefix(prefix, iri),
    quad: (q) => writer.addQuad(writable(q.subject), q.predicate, writable(q.object), keepGraphs ? writable(q.graph) : undefined),
    end: () => {
      writer.end();
      out.flush();
    },
  };
}

/** n3 writes blank-node labels as they are; labels Turtle cannot spell (from TriX, JSON-LD…) are encoded. */
function writable<T extends Term>(term: T): T {
  if (term.termType !== 'BlankNode' || isValidBlankNodeLabel(term.value)) return term;
  return blankNode(writableBlankNodeLabel(term.value)) as T;
}
