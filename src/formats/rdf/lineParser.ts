/**
 * The streaming line parser for N-Triples (https://www.w3.org/TR/n-triples/#sec-grammar)
 * and N-Quads (https://www.w3.org/TR/n-quads/#sec-grammar): the hot import path
 * (bulk loads, the benchmark's LUBM files), so it scans each chunk in place
 * with the term reader of `src/rdf/ntriples.ts` instead of a general tokenizer.
 */
import { readIri, readLiteralParts, readTerm, TermSyntaxError } from '../../rdf/ntriples.ts';
import { defaultGraph, type GroundTerm, literal, namedNode, type NamedNode, quad, type Quad } from '../../rdf/terms.ts';
import { type ByteSource, ParseError, type RdfHandler, type RdfParseOptions } from '../format.ts';
import { textChunks } from '../io.ts';
import { BlankNodeScope } from './blankNodes.ts';

const SPACE = 32;
const TAB = 9;
const HASH = 35;
const DOT = 46;
const LT = 60;
const QUOTE = 34;
const UNDERSCORE = 95;

/** Parses N-Triples (`withGraph` false) or N-Quads, pushing each statement into `handler`. */
export async function parseLines(
  format: 'N-Triples' | 'N-Quads',
  withGraph: boolean,
  input: ByteSource,
  handler: RdfHandler,
  options: RdfParseOptions | undefined,
): Promise<void> {
  const parser = new LineParser(format, withGraph, handler, new BlankNodeScope(options));
  // Text after the last line break, in pieces: only new chunks are searched for a
  // break, so a very long line costs linear time however small the chunks.
  let pending: string[] = [];
  for await (const text of textChunks(input)) {
    const lastBreak = text.lastIndexOf('\n');
    if (lastBreak < 0) {
      pending.push(text);
      continue;
    }
    const lines = pending.length === 0 ? text : pending.join('') + text;
    parser.parseLines(lines, lines.length - (text.length - lastBreak - 1));
    pending = lastBreak + 1 < text.length ? [text.slice(lastBreak + 1)] : [];
  }
  const rest = pending.join('');
  if (rest.length > 0) parser.parseLines(rest + '\n', rest.length + 1);
}

/** Parses a whole N-Triples document held in memory, synchronously (SPARQL `INSERT DATA` bodies); throws ParseError. */
export function parseNTriplesText(text: string, handler: RdfHandler, options?: RdfParseOptions): void {
  new LineParser('N-Triples', false, handler, new BlankNodeScope(options)).parseLines(text + '\n', text.length + 1);
}

class LineParser {
  private line = 0;
  private readonly datatypes = new Map<string, NamedNode>();

  constructor(
    private readonly format: string,
    private readonly withGraph: boolean,
    private readonly handler: RdfHandler,
    private readonly scope: BlankNodeScope,
  ) {}

  /** Parses the complete lines in `text[0, end)`; `end` is just after a line break. */
  parseLines(text: string, end: number): void {
    let start = 0;
    while (start < end) {
      let lineEnd = text.indexOf('\n', start);
      if (lineEnd < 0 || lineEnd >= end) lineEnd = end - 1;
      this.line++;
      this.parseLine(text, start, text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd);
      start = lineEnd + 1;
    }
  }

  private parseLine(text: string, start: number, end: number): void {
    let pos = skipSpace(text, start, end);
    if (pos === end || text.charCodeAt(pos) === HASH) return;
    try {
      const subject = this.term(text, pos, end);
      if (subject.term.termType === 'Literal') throw new TermSyntaxError('a literal cannot be a subject', pos);
      pos = skipSpace(text, subject.end, end);
      if (text.charCodeAt(pos) !== LT) throw new TermSyntaxError('expected an IRI as predicate', pos);
      const predicate = this.iri(text, pos);
      pos = skipSpace(text, predicate.end, end);
      const object = this.term(text, pos, end);
      pos = skipSpace(text, object.end, end);
      let graph: Quad['graph'] = defaultGraph();
      if (this.withGraph && text.charCodeAt(pos) !== DOT) {
        const g = this.term(text, pos, end);
        if (g.term.termType === 'Literal') throw new TermSyntaxError('a literal cannot be a graph name', pos);
        graph = g.term;
        pos = skipSpace(text, g.end, end);
      }
      if (text.charCodeAt(pos) !== DOT) throw new TermSyntaxError('expected "." at the end of the statement', pos);
      pos = skipSpace(text, pos + 1, end);
      if (pos < end && text.charCodeAt(pos) !== HASH) throw new TermSyntaxError('unexpected text after "."', pos);
      this.handler.quad(quad(subject.term as Quad['subject'], predicate.term, object.term as Quad['object'], graph));
    } catch (e) {
      if (e instanceof TermSyntaxError) throw new ParseError(e.message, this.format, this.line, e.position - start + 1);
      throw e;
    }
  }

  private term(text: string, pos: number, end: number): { term: GroundTerm; end: number } {
    if (pos >= end) throw new TermSyntaxError('unexpected end of line', pos);
    const c = text.charCodeAt(pos);
    if (c === LT) return this.iri(text, pos);
    if (c === UNDERSCORE) {
      const read = readTerm(text, pos);
      return { term: this.scope.labelled(read.term.value), end: read.end };
    }
    if (c === QUOTE) return this.literal(text, pos);
    return readTerm(text, pos); // throws the right error
  }

  private iri(text: string, pos: number): { term: NamedNode; end: number } {
    const { iri, end } = readIri(text, pos);
    return { term: namedNode(iri), end };
  }

  /** The one object per datatype IRI: there are few, and literals repeat them constantly. */
  private datatype(iri: string): NamedNode {
    let node = this.datatypes.get(iri);
    if (node === undefined) {
      node = namedNode(iri);
      if (this.datatypes.size < 1024) this.datatypes.set(iri, node);
    }
    return node;
  }

  private literal(text: string, pos: number): { term: GroundTerm; end: number } {
    const { value, language, datatype, end } = readLiteralParts(text, pos);
    if (language) return { term: literal(value, language), end };
    return { term: datatype ? literal(value, this.datatype(datatype)) : literal(value), end };
  }
}

function skipSpace(text: string, pos: number, end: number): number {
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (c !== SPACE && c !== TAB) break;
    pos++;
  }
  return pos;
}
