/**
 * A fast path for requests made only of INSERT DATA and DELETE DATA
 * (https://www.w3.org/TR/sparql11-update/#insertData, `QuadData`), the shape
 * bulk writes take. sparqljs needs about a quarter of a millisecond per triple;
 * N3.js's TriG parser is some fifty times faster, and SPARQL's QuadData is
 * TriG in all but spelling: `triples GRAPH <g> { triples } triples` becomes
 * `{ triples } <g> { triples } { triples }`, and the SPARQL prologue (BASE,
 * PREFIX) is valid TriG as it stands. It also keeps numeric lexical forms as
 * written ("+5"), which sparqljs normalises.
 *
 * The scanner here only splits the request at its top-level structure
 * (strings, IRIs and comments skipped); anything it does not recognise, and
 * anything N3.js rejects, returns undefined so the caller falls back to the
 * full grammar, which then accepts the request or names the error.
 */
import { Parser } from 'n3';
import { parseNTriplesText } from '../../formats/rdf/lineParser.ts';
import type { Quad } from '../../rdf/terms.ts';
import type { UpdateOperation } from './operations.ts';

/** The operations of a DATA-only request, or undefined when the request needs the full grammar. */
export function parseQuadDataRequest(text: string, baseIRI?: string): UpdateOperation[] | undefined {
  const scanner = new Scanner(text);
  const operations: UpdateOperation[] = [];
  // A blank-node label may not be shared by two operations of a request (§19.6 grammar note 11).
  const labelsBefore = new Set<string>();
  let prologue = '';
  for (;;) {
    const directives = scanner.prologue();
    if (directives === undefined) return undefined;
    prologue += directives;
    if (scanner.atEnd()) return operations;
    const kind = scanner.keyword('INSERT') ? 'insertData' : scanner.keyword('DELETE') ? 'deleteData' : undefined;
    if (!kind || !scanner.keyword('DATA')) return undefined;
    const blocks = scanner.quadData();
    if (!blocks) return undefined;
    const quads = parseTrig(prologue + blocks, baseIRI);
    if (!quads || (kind === 'deleteData' && quads.some(hasBlankNode))) return undefined;
    const labels = blankNodeLabels(quads);
    if ([...labels].some((label) => labelsBefore.has(label))) return undefined;
    for (const label of labels) labelsBefore.add(label);
    operations.push({ type: kind, quads });
    if (scanner.atEnd()) return operations;
    if (!scanner.punctuation(';')) return undefined;
  }
}

/**
 * Parses with labels kept as written, so labels can be compared across
 * operations. A block of plain N-Triples lines, the usual bulk-write shape, goes
 * through svc's line parser, several times faster than N3.js; the line parser is
 * strict (absolute IRIs, one statement per line), so anything else falls to TriG.
 */
function parseTrig(trig: string, baseIRI: string | undefined): Quad[] | undefined {
  const lines = nTriplesBlock(trig);
  if (lines !== undefined) {
    const quads: Quad[] = [];
    try {
      parseNTriplesText(lines, { quad: (q) => quads.push(q) }, { preserveBNodeIds: true });
      return quads;
    } catch {
      // Not plain N-Triples after all: TriG decides.
    }
  }
  try {
    return new Parser({ format: 'application/trig', baseIRI, blankNodePrefix: '' }).parse(trig) as Quad[];
  } catch {
    return undefined;
  }
}

/** The inside of a lone default-graph block `{ … }` with no prologue, or undefined. */
function nTriplesBlock(trig: string): string | undefined {
  const open = trig.indexOf('{');
  const close = trig.lastIndexOf('}');
  if (open < 0 || close < open || trig.slice(0, open).trim() !== '' || trig.slice(close + 1).trim() !== '') return undefined;
  return trig.slice(open + 1, close);
}

const hasBlankNode = (q: Quad): boolean => q.subject.termType === 'BlankNode' || q.object.termType === 'BlankNode';

function blankNodeLabels(quads: readonly Quad[]): Set<string> {
  const labels = new Set<string>();
  for (const q of quads) {
    if (q.subject.termType === 'BlankNode') labels.add(q.subject.value);
    if (q.object.termType === 'BlankNode') labels.add(q.object.value);
  }
  return labels;
}

const NAME_CHAR = /[\p{L}\p{N}_\-.:%\\]/u;
/** SPARQL's WS (§19.8 [163]): space, tab, CR, LF. */
const SPACE: ReadonlySet<number> = new Set([0x20, 0x09, 0x0d, 0x0a]);
/** Characters that end a run of name characters: WS and SPARQL's delimiters. */
const ENDS_NAME: ReadonlySet<number> = new Set([...SPACE, ...Array.from('{}()[],;#"\'<', (c) => c.charCodeAt(0))]);

/** A cursor over the request that skips whitespace, comments, strings and IRIs as SPARQL's lexer would. */
class Scanner {
  #pos = 0;

  constructor(readonly text: string) {}

  atEnd(): boolean {
    this.#skipSpace();
    return this.#pos >= this.text.length;
  }

  /** A case-insensitive keyword (given in capitals) at a token boundary; consumed when present. */
  keyword(word: string): boolean {
    this.#skipSpace();
    const end = this.#pos + word.length;
    for (let i = 0; i < word.length; i++) {
      // ASCII letters: clearing bit 0x20 upper-cases them.
      if ((this.text.charCodeAt(this.#pos + i) & ~0x20) !== word.charCodeAt(i)) return false;
    }
    if (NAME_CHAR.test(this.text[end] ?? ' ')) return false;
    this.#pos = end;
    return true;
  }

  punctuation(char: string): boolean {
    this.#skipSpace();
    if (this.text[this.#pos] !== char) return false;
    this.#pos++;
    return true;
  }

  /** BASE and PREFIX declarations, as TriG text; undefined when one is malformed. */
  prologue(): string | undefined {
    let out = '';
    for (;;) {
      const start = (this.#skipSpace(), this.#pos);
      if (this.keyword('BASE')) {
        if (!this.#iri()) return undefined;
      } else if (this.keyword('PREFIX')) {
        this.#skipSpace();
        if (!this.#name() || !this.text.slice(start, this.#pos).endsWith(':') || !this.#iri()) return undefined;
      } else {
        return out;
      }
      out += this.text.slice(start, this.#pos) + '\n';
    }
  }

  /**
   * `{ QuadData }` as TriG blocks: default-graph triples wrapped in `{ }`,
   * `GRAPH g { … }` written `g { … }`. Undefined for nested braces, variables
   * as graph names, or directives inside the block.
   */
  quadData(): string | undefined {
    if (!this.punctuation('{')) return undefined;
    let out = '';
    let segment = this.#pos;
    const flush = (end: number) => {
      const triples = this.text.slice(segment, end);
      if (triples.trim() !== '') out += `{ ${triples} }\n`;
    };
    for (;;) {
      if (!this.#plainToken()) return undefined;
      const c = this.text[this.#pos];
      if (c === '}') {
        flush(this.#pos++);
        return out;
      }
      const before = this.#pos;
      if ((c === 'G' || c === 'g') && this.keyword('GRAPH')) {
        flush(before);
        this.#skipSpace();
        const nameStart = this.#pos;
        if (!this.#iri() && !this.#name()) return undefined;
        const name = this.text.slice(nameStart, this.#pos);
        if (!this.punctuation('{')) return undefined;
        const bodyStart = this.#pos;
        if (!this.#skipTo('}')) return undefined;
        out += `${name} { ${this.text.slice(bodyStart, this.#pos - 1)} }\n`;
        segment = this.#pos;
        continue;
      }
      this.#token();
    }
  }

  /** Skips tokens up to and including `close`; false at a nested brace, a directive or the end. */
  #skipTo(close: string): boolean {
    for (;;) {
      if (!this.#plainToken()) return false;
      if (this.text[this.#pos] === close) {
        this.#pos++;
        return true;
      }
      this.#token();
    }
  }

  /**
   * Skips space and checks that the next token may appear in QuadData as
   * TriG reads it: not the end, an opening brace, a directive (`@prefix`,
   * `PREFIX`, `BASE`, which TriG parsers may accept there) or a quoted triple.
   */
  #plainToken(): boolean {
    this.#skipSpace();
    const c = this.text[this.#pos];
    if (c === undefined || c === '{' || c === '@' || this.text.startsWith('<<', this.#pos)) return false;
    if (c !== 'P' && c !== 'p' && c !== 'B' && c !== 'b') return true;
    const at = this.#pos;
    const directive = this.keyword('PREFIX') || this.keyword('BASE');
    this.#pos = at;
    return !directive;
  }

  /** One token: a string (with its tag or datatype), an IRI, or a run of other characters. */
  #token(): void {
    const c = this.text[this.#pos] as string;
    if (c === '"' || c === "'") this.#string(c);
    else if (c === '<') this.#iri();
    else if (/[\s{}#"'<]/.test(c)) this.#pos++;
    else if (!this.#name()) this.#pos++;
  }

  #name(): boolean {
    const start = this.#pos;
    while (this.#pos < this.text.length && !ENDS_NAME.has(this.text.charCodeAt(this.#pos))) this.#pos++;
    return this.#pos > start;
  }

  /** An IRIREF, after any space; not a quoted triple (`<<`), which QuadData cannot hold. */
  #iri(): boolean {
    this.#skipSpace();
    if (this.text[this.#pos] !== '<' || this.text[this.#pos + 1] === '<') return false;
    const end = this.text.indexOf('>', this.#pos);
    if (end < 0) return false;
    this.#pos = end + 1;
    return true;
  }

  /** A short or long string literal, escapes included; a language tag that follows stays part of the token. */
  #string(quote: string): void {
    const long = this.text.startsWith(quote.repeat(3), this.#pos);
    const delimiter = long ? quote.repeat(3) : quote;
    this.#pos += delimiter.length;
    while (this.#pos < this.text.length && !this.text.startsWith(delimiter, this.#pos)) {
      this.#pos += this.text[this.#pos] === '\\' ? 2 : 1;
    }
    this.#pos += delimiter.length;
    if (this.text[this.#pos] === '@') this.#name();
  }

  #skipSpace(): void {
    for (;;) {
      while (SPACE.has(this.text.charCodeAt(this.#pos))) this.#pos++;
      if (this.text[this.#pos] !== '#') return;
      const end = this.text.indexOf('\n', this.#pos);
      this.#pos = end < 0 ? this.text.length : end + 1;
    }
  }
}
