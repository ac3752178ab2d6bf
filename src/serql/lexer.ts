/**
 * The SeRQL tokens (spec §4.3 `queryLn=serql`; the token section of Sesame's
 * `serql.jjt` grammar, RDF4J 3.7.x): keywords are case-insensitive words,
 * variables are the remaining `PREFIX_NAME`s, and values are URIs, QNames,
 * blank nodes, strings (optionally `@lang` or `^^datatype`) and numbers.
 *
 * The whole text is scanned up front into an array the grammar indexes; every
 * token carries its line and column so errors can point at it.
 */
import { MalformedQueryError } from '../sparql/api.ts';

export interface Position {
  readonly line: number;
  readonly column: number;
}

export type TokenKind =
  | 'keyword' | 'name' | 'qname' | 'uri' | 'bnode' | 'string' | 'integer' | 'decimal' | 'punct' | 'eof';

export interface Token extends Position {
  readonly kind: TokenKind;
  /** Keywords lower-cased; strings unescaped; URIs without brackets; the symbol itself for punctuation. */
  readonly value: string;
  /** The token as written, for error messages. */
  readonly text: string;
  /** A string's `@lang` suffix. */
  readonly language?: string;
  /** A string's `^^` suffix, a URI (`<…>` stripped) or QName as written. */
  readonly datatype?: { readonly kind: 'uri' | 'qname'; readonly value: string };
}

/** The reserved words of the grammar; none of them can name a variable. */
const KEYWORDS = new Set([
  'using', 'namespace', 'select', 'construct', 'distinct', 'reduced', 'from', 'context', 'where', 'order', 'by',
  'asc', 'desc', 'limit', 'offset', 'true', 'false', 'not', 'and', 'or', 'sameterm', 'like', 'ignore', 'case',
  'regex', 'label', 'lang', 'langmatches', 'datatype', 'localname', 'str', 'bound', 'null', 'isresource',
  'isbnode', 'isuri', 'isliteral', 'as', 'union', 'minus', 'intersect', 'any', 'all', 'in', 'exists',
]);

const PUNCTUATION = ['!=', '<=', '>=', '=', '<', '>', '*', ',', ';', '{', '}', '(', ')', '[', ']'];

// XML NCName characters (XML Namespaces §NT-NCName), approximated by Unicode classes.
const NAME_START = /[\p{L}_]/u;
const NAME_CHAR = /[\p{L}\p{Nd}\p{Mn}\p{Mc}\p{Lm}._\-\u00B7]/u;
const URI = /^<[A-Za-z][A-Za-z0-9+.-]*:[^<>"{}|^`\\\u0000-\u0020]+>/;
const NUMBER = /^[+-]?(?:[0-9]*\.[0-9]+|[0-9]+)/;
const LANG_TAG = /^[A-Za-z]+(?:-[A-Za-z0-9]+)*/;

/** Throws the syntax error every SeRQL failure reports: where, then what. */
export function syntaxError(at: Position, message: string): never {
  throw new MalformedQueryError(`SeRQL syntax error at line ${at.line}, column ${at.column}: ${message}`);
}

/** Splits SeRQL text into tokens, ending with one `eof` token. */
export function tokenize(text: string): Token[] {
  return new Lexer(text).run();
}

class Lexer {
  readonly #text: string;
  #offset = 0;
  #line = 1;
  #lineStart = 0;

  constructor(text: string) {
    this.#text = text;
  }

  run(): Token[] {
    const tokens: Token[] = [];
    for (;;) {
      this.#skipSpaceAndComments();
      if (this.#offset >= this.#text.length) {
        tokens.push({ ...this.#position(), kind: 'eof', value: '', text: 'end of query' });
        return tokens;
      }
      tokens.push(this.#next());
    }
  }

  #position(): Position {
    return { line: this.#line, column: this.#offset - this.#lineStart + 1 };
  }

  #skipSpaceAndComments(): void {
    const text = this.#text;
    while (this.#offset < text.length) {
      const c = text[this.#offset]!;
      if (c === '\n') {
        this.#offset++;
        this.#line++;
        this.#lineStart = this.#offset;
      } else if (c === ' ' || c === '\t' || c === '\r') {
        this.#offset++;
      } else if (c === '#') {
        while (this.#offset < text.length && text[this.#offset] !== '\n' && text[this.#offset] !== '\r') this.#offset++;
      } else {
        return;
      }
    }
  }

  #next(): Token {
    const at = this.#position();
    const rest = this.#text.slice(this.#offset);
    const c = rest[0]!;
    if (c === '"') return this.#string(at);
    if (c === '<') {
      const uri = URI.exec(rest);
      if (uri) return this.#take(at, 'uri', uri[0], uri[0].slice(1, -1));
    }
    if (c === '_' && rest[1] === ':') return this.#blankNode(at, rest);
    if (/[0-9+\-.]/.test(c)) {
      const number = NUMBER.exec(rest);
      if (number) return this.#take(at, number[0].includes('.') ? 'decimal' : 'integer', number[0], number[0]);
    }
    if (NAME_START.test(c)) return this.#word(at, rest);
    const symbol = PUNCTUATION.find((p) => rest.startsWith(p));
    if (symbol) return this.#take(at, 'punct', symbol, symbol);
    return syntaxError(at, `unexpected character ${JSON.stringify(String.fromCodePoint(rest.codePointAt(0)!))}`);
  }

  #take(at: Position, kind: TokenKind, text: string, value: string, extra: Partial<Token> = {}): Token {
    this.#offset += text.length;
    return { ...at, kind, value, text, ...extra };
  }

  /** A name, a keyword, or (with a colon) a QName. */
  #word(at: Position, rest: string): Token {
    const name = nameAt(rest, 0);
    if (rest[name.length] === ':') {
      const local = nameCharsAt(rest, name.length + 1);
      const text = rest.slice(0, name.length + 1 + local.length);
      return this.#take(at, 'qname', text, text);
    }
    const lower = name.toLowerCase();
    return KEYWORDS.has(lower) ? this.#take(at, 'keyword', name, lower) : this.#take(at, 'name', name, name);
  }

  #blankNode(at: Position, rest: string): Token {
    if (!NAME_START.test(rest[2] ?? '')) syntaxError(at, 'a blank node needs a name after "_:"');
    const name = nameAt(rest, 2);
    return this.#take(at, 'bnode', '_:' + name, name);
  }

  /** A quoted string with its escapes, then an optional `@lang` or `^^datatype` written directly after it. */
  #string(at: Position): Token {
    const text = this.#text;
    let i = this.#offset + 1;
    let value = '';
    for (;;) {
      if (i >= text.length) syntaxError(at, 'unterminated string');
      const c = text[i]!;
      if (c === '"') break;
      if (c === '\\') {
        const [decoded, length] = unescape(text, i, this.#positionOf(i));
        value += decoded;
        i += length;
        continue;
      }
      if (c === '\n') {
        this.#line++;
        this.#lineStart = i + 1;
      }
      value += c;
      i++;
    }
    i++;
    let extra: Partial<Token> = {};
    if (text[i] === '@') {
      const tag = LANG_TAG.exec(text.slice(i + 1));
      if (!tag) syntaxError(this.#positionOf(i), 'expected a language tag after "@"');
      extra = { language: tag[0] };
      i += 1 + tag[0].length;
    } else if (text.startsWith('^^', i)) {
      const after = text.slice(i + 2);
      const uri = URI.exec(after);
      const prefix = nameAt(after, 0);
      if (uri) {
        extra = { datatype: { kind: 'uri', value: uri[0].slice(1, -1) } };
        i += 2 + uri[0].length;
      } else if (prefix && after[prefix.length] === ':') {
        const written = prefix + ':' + nameCharsAt(after, prefix.length + 1);
        extra = { datatype: { kind: 'qname', value: written } };
        i += 2 + written.length;
      } else {
        syntaxError(this.#positionOf(i), 'expected a datatype URI or QName after "^^"');
      }
    }
    const written = text.slice(this.#offset, i);
    this.#offset = i;
    return { ...at, kind: 'string', value, text: written, ...extra };
  }

  #positionOf(offset: number): Position {
    return { line: this.#line, column: offset - this.#lineStart + 1 };
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t' };

/** One escape sequence at `i`: `\\ \" \n \r \t \uXXXX \UXXXXXXXX`; returns the character(s) and the length read. */
function unescape(text: string, i: number, at: Position): [string, number] {
  const c = text[i + 1] ?? '';
  if (Object.hasOwn(ESCAPES, c)) return [ESCAPES[c]!, 2];
  const digits = c === 'u' ? 4 : c === 'U' ? 8 : 0;
  const hex = text.slice(i + 2, i + 2 + digits);
  if (digits > 0 && new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(hex)) {
    const code = parseInt(hex, 16);
    if (code <= 0x10ffff) return [String.fromCodePoint(code), 2 + digits];
  }
  return syntaxError(at, `invalid escape sequence "\\${c}"`);
}

function nameAt(text: string, start: number): string {
  if (!NAME_START.test(text[start] ?? '')) return '';
  return text[start]! + nameCharsAt(text, start + 1);
}

function nameCharsAt(text: string, start: number): string {
  let end = start;
  while (end < text.length && NAME_CHAR.test(text[end]!)) end++;
  return text.slice(start, end);
}
