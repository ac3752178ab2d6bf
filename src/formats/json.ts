/**
 * A streaming JSON reader (RFC 8259) for result documents that can be large
 * (SPARQL Query Results JSON): it builds the document as chunks arrive, but
 * hands each element of chosen arrays (e.g. `results.bindings`) to a callback
 * as soon as it is complete and keeps none of them, so memory stays bounded by
 * one element. Objects can be streamed the same way, member by member (RDF/JSON's
 * subjects). Strings, numbers and literals may be split across chunks.
 */
import { type ByteSource, ParseError } from './format.ts';
import { textChunks } from './io.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** The document root while it is read: members appear in it once their value is complete. */
export type JsonContainer = JsonValue[] | { [key: string]: JsonValue };

/** A container being built; `key` is the member name awaiting its value in an object. */
interface Frame {
  container: JsonContainer;
  path: string[];
  key?: string;
  /** Elements go to the callback instead of into the container. */
  streamed: boolean;
  /** What the next token may be: a value, a key, a comma or the end, a colon. */
  expect: 'value' | 'key' | 'comma' | 'colon';
  empty: boolean;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NUMBER_TAIL = /^[-+.eE\d]*$/;

/**
 * Reads a JSON document; every element of an array (or member of an object,
 * with its key) whose path (e.g. `results.bindings`; `[]` for the root)
 * satisfies `isStreamed` goes to `onElement` and is
 * left out of the returned root. `onElement` also gets the root as built so far
 * (members that came before the array, complete).
 */
export async function streamJson(
  input: ByteSource,
  format: string,
  isStreamed: (path: readonly string[]) => boolean,
  onElement: (value: JsonValue, root: JsonContainer, key?: string) => void,
): Promise<JsonValue> {
  const reader = new JsonReader(format, isStreamed, onElement);
  for await (const text of textChunks(input)) reader.feed(text, false);
  return reader.feed('', true);
}

/**
 * `JSON.parse` for formats that read whole documents; on failure our reader
 * re-reads the text to report a `ParseError` with the line (V8's messages often
 * carry no position).
 */
export function parseJson(text: string, format: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const reader = new JsonReader(format, () => false, () => undefined);
    reader.feed(text, true); // throws the located error
    throw new ParseError((e as Error).message, format);
  }
}

class JsonReader {
  private text = '';
  private pos = 0;
  private line = 1;
  private readonly stack: Frame[] = [];
  private root: JsonValue | undefined;
  private done = false;
  /**
   * A string token still open at the end of the input so far, in pieces; only
   * new chunks are searched for its closing quote, so a long string costs
   * linear time however small the chunks.
   */
  private open: string[] | undefined;
  /** Whether the open string ends in an odd run of backslashes (its next `"` is escaped). */
  private openEscaped = false;
  private stringIncomplete = false;

  constructor(
    private readonly format: string,
    private readonly isStreamed: (path: readonly string[]) => boolean,
    private readonly onElement: (value: JsonValue, root: JsonContainer, key?: string) => void,
  ) {}

  /** Consumes every complete token; returns the root once the input is final. */
  feed(chunk: string, final: boolean): JsonValue {
    if (this.open) {
      if (!final && closingQuote(chunk, this.openEscaped) < 0) {
        this.open.push(chunk);
        this.openEscaped = endsEscaped(chunk, this.openEscaped);
        return null;
      }
      chunk = this.open.join('') + chunk;
      this.open = undefined;
    }
    this.text = this.text.slice(this.pos) + chunk;
    this.pos = 0;
    this.stringIncomplete = false;
    while (this.token(final));
    if (!final) {
      if (this.stringIncomplete) {
        const rest = this.text.slice(this.pos);
        this.open = [rest];
        this.openEscaped = endsEscaped(rest, false);
        this.text = '';
        this.pos = 0;
      }
      return null;
    }
    this.skipWhitespace();
    if (!this.done) throw this.fail('unexpected end of input');
    if (this.pos < this.text.length) throw this.fail('unexpected text after the document');
    return this.root!;
  }

  /** Reads one token; false when the buffered text ends before a complete token. */
  private token(final: boolean): boolean {
    this.skipWhitespace();
    if (this.pos >= this.text.length || this.done) return false;
    const frame = this.stack[this.stack.length - 1];
    const c = this.text[this.pos]!;
    if (frame?.expect === 'colon') {
      if (c !== ':') throw this.fail('expected ":"');
      this.pos++;
      frame.expect = 'value';
      return true;
    }
    if (frame?.expect === 'comma') {
      if (c === ',') {
        this.pos++;
        frame.expect = Array.isArray(frame.container) ? 'value' : 'key';
        frame.empty = false;
        return true;
      }
      return this.close(c);
    }
    if (frame?.expect === 'key') {
      if (c === '}' && frame.empty) return this.close(c);
      if (c !== '"') throw this.fail('expected a member name');
      const key = this.string(final);
      if (key === undefined) return false;
      frame.key = key;
      frame.expect = 'colon';
      return true;
    }
    if (c === ']' && frame && Array.isArray(frame.container) && frame.empty) return this.close(c);
    return this.value(c, final);
  }

  private value(c: string, final: boolean): boolean {
    if (c === '{' || c === '[') {
      this.pos++;
      const path = this.childPath();
      const container = c === '{' ? {} : [];
      this.stack.push({ container, path, streamed: this.isStreamed(path), expect: c === '{' ? 'key' : 'value', empty: true });
      return true;
    }
    let value: JsonValue;
    if (c === '"') {
      const s = this.string(final);
      if (s === undefined) return false;
      value = s;
    } else {
      const literal = /^(?:true|false|null)/.exec(this.text.slice(this.pos, this.pos + 5));
      if (literal) {
        value = literal[0] === 'null' ? null : literal[0] === 'true';
        this.pos += literal[0].length;
      } else {
        NUMBER.lastIndex = this.pos;
        const number = NUMBER.exec(this.text);
        if (!number) {
          if (!final && this.text.length - this.pos < 5) return false; // a literal split across chunks
          throw this.fail(`unexpected character ${JSON.stringify(c)}`);
        }
        // A number cut by the chunk end ("-2." of "-2.5e3") may go on in the next chunk.
        if (!final && NUMBER_TAIL.test(this.text.slice(NUMBER.lastIndex))) return false;
        value = Number(number[0]);
        this.pos = NUMBER.lastIndex;
      }
    }
    this.complete(value);
    return true;
  }

  /** `]` or `}` closing the current container (checked against its kind). */
  private close(c: string): boolean {
    const frame = this.stack[this.stack.length - 1]!;
    if (c !== (Array.isArray(frame.container) ? ']' : '}')) throw this.fail(`expected "," or "${Array.isArray(frame.container) ? ']' : '}'}"`);
    this.pos++;
    this.stack.pop();
    this.complete(frame.container);
    return true;
  }

  /** Puts a finished value into its parent (or hands it over, for streamed containers). */
  private complete(value: JsonValue): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.root = value;
      this.done = true;
      return;
    }
    if (parent.streamed) this.onElement(value, this.stack[0]!.container, Array.isArray(parent.container) ? undefined : parent.key);
    else if (Array.isArray(parent.container)) parent.container.push(value);
    else parent.container[parent.key!] = value;
    parent.expect = 'comma';
  }

  private childPath(): string[] {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) return [];
    return Array.isArray(parent.container) ? [...parent.path, '*'] : [...parent.path, parent.key!];
  }

  /** A string token at `pos`, or undefined when its closing quote has not arrived yet. */
  private string(final: boolean): string | undefined {
    let close = this.pos + 1;
    for (;;) {
      close = this.text.indexOf('"', close);
      if (close < 0) {
        if (final) throw this.fail('unterminated string');
        this.stringIncomplete = true;
        return undefined;
      }
      let slashes = 0;
      while (this.text.charCodeAt(close - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
      close++;
    }
    const raw = this.text.slice(this.pos, close + 1);
    try {
      const value = JSON.parse(raw) as string;
      this.pos = close + 1;
      return value;
    } catch {
      throw this.fail('invalid string');
    }
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === 10) this.line++;
      else if (c !== 32 && c !== 9 && c !== 13) break;
    }
    this.pos = pos;
  }

  private fail(message: string): ParseError {
    return new ParseError(message, this.format, this.line);
  }
}

/** The first `"` in `chunk` not escaped by backslashes (counting a run carried over from before the chunk). */
function closingQuote(chunk: string, carriedEscape: boolean): number {
  for (let i = chunk.indexOf('"'); i >= 0; i = chunk.indexOf('"', i + 1)) {
    let slashes = 0;
    while (slashes < i && chunk.charCodeAt(i - 1 - slashes) === 92) slashes++;
    const escaped = slashes === i ? (slashes % 2 === 1) !== carriedEscape : slashes % 2 === 1;
    if (!escaped) return i;
  }
  return -1;
}

/** Whether text continuing `piece` starts escaped: `piece` ends in an odd run of backslashes. */
function endsEscaped(piece: string, carriedEscape: boolean): boolean {
  let slashes = 0;
  while (slashes < piece.length && piece.charCodeAt(piece.length - 1 - slashes) === 92) slashes++;
  return slashes === piece.length ? (slashes % 2 === 1) !== carriedEscape : slashes % 2 === 1;
}
