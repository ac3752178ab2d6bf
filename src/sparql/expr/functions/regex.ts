/**
 * §17.4.3.14 REGEX and §17.4.3.15 REPLACE, with XPath regular expressions
 * (XPath F&O §5.6) mapped onto JavaScript's: flags s, m, i map directly; x
 * strips whitespace outside character classes; q quotes the whole pattern;
 * matching is by code point (the `u` flag) where the pattern allows it.
 * REPLACE's `$n` / `\$` / `\\` replacement syntax is translated, and a
 * pattern that matches the empty string is an error (FORX0003).
 *
 * Each call site gets its own function with a small cache of compiled
 * patterns, since the pattern and flags are almost always constants.
 */
import type { Literal, Term } from '../../../rdf/terms.ts';
import type { SparqlFunction } from '../context.ts';
import { fail } from '../error.ts';
import { bool, requireCompatible, requireSimpleLiteral, requireStringLiteral, stringLike } from '../literals.ts';

const FLAGS = /^[smixq]*$/;

/** Compiles an XPath pattern with XPath flags into a JS RegExp; a type error when either is invalid. */
export function compileXPathRegex(pattern: string, flags: string, global = false): RegExp {
  if (!FLAGS.test(flags)) fail(`invalid regular expression flags "${flags}"`);
  let source = pattern;
  if (flags.includes('q')) source = source.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  else if (flags.includes('x')) source = stripWhitespace(source);
  const jsFlags = [...new Set(flags.replace(/[xq]/g, ''))].join('') + (global ? 'g' : '');
  try {
    return new RegExp(source, jsFlags + 'u');
  } catch {
    // Some XPath-valid patterns (e.g. "\-" outside a class) are rejected only in unicode mode.
    try {
      return new RegExp(source, jsFlags);
    } catch (e) {
      return fail(`invalid regular expression "${pattern}": ${(e as Error).message}`);
    }
  }
}

/** The x flag: whitespace is dropped except inside character classes (XPath F&O §5.6.2). */
function stripWhitespace(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      out += c + (pattern[++i] ?? '');
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    if (inClass || !/\s/.test(c)) out += c;
  }
  return out;
}

/** Patterns remembered per call site; a pattern that varies per row rarely has more distinct values worth keeping. */
const SITE_CACHE_SIZE = 64;

/** Builds a value from (pattern, flags) once per distinct pair seen at a call site (up to SITE_CACHE_SIZE, then starts over). */
function cached<T>(build: (pattern: string, flags: string) => T): (pattern: string, flags: string) => T {
  const seen = new Map<string, T>();
  return (pattern, flags) => {
    const key = flags + '\u0000' + pattern;
    let value = seen.get(key);
    if (value === undefined) {
      value = build(pattern, flags);
      if (seen.size >= SITE_CACHE_SIZE) seen.clear();
      seen.set(key, value);
    }
    return value;
  };
}

function patternAndFlags(args: readonly Term[], fn: string, patternAt: number): [Literal, string, string] {
  const text = requireStringLiteral(args[0] as Term, fn);
  const pattern = requireSimpleLiteral(args[patternAt] as Term, fn);
  requireCompatible(text, pattern, fn);
  const flagsAt = patternAt + (fn === 'REPLACE' ? 2 : 1);
  const flags = args.length > flagsAt ? requireSimpleLiteral(args[flagsAt] as Term, fn).value : '';
  return [text, pattern.value, flags];
}

/** REGEX(text, pattern [, flags]). */
export function createRegex(): SparqlFunction {
  const compile = cached((pattern, flags) => compileXPathRegex(pattern, flags));
  return (args) => {
    const [text, pattern, flags] = patternAndFlags(args, 'REGEX', 1);
    return bool(compile(pattern, flags).test(text.value));
  };
}

/** A REPLACE template: literal text and group numbers (XPath F&O §5.6.4). */
type Template = readonly (string | number)[];

function parseTemplate(replacement: string): Template {
  const parts: (string | number)[] = [];
  let text = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      const next = replacement[++i];
      if (next !== '\\' && next !== '$') fail(`REPLACE: invalid escape in replacement "${replacement}"`);
      text += next;
    } else if (c === '$') {
      const digits = /^\d+/.exec(replacement.slice(i + 1));
      if (!digits) fail(`REPLACE: "$" must be followed by a group number in "${replacement}"`);
      parts.push(text, Number(digits[0]));
      text = '';
      i += digits[0].length;
    } else {
      text += c;
    }
  }
  parts.push(text);
  return parts;
}

/** REPLACE(text, pattern, replacement [, flags]). */
export function createReplace(): SparqlFunction {
  const compile = cached((pattern, flags) => {
    if (compileXPathRegex(pattern, flags).test('')) fail(`REPLACE: pattern "${pattern}" matches the empty string`);
    return compileXPathRegex(pattern, flags, true);
  });
  const template = cached(parseTemplate);
  return (args) => {
    const [text, pattern, flags] = patternAndFlags(args, 'REPLACE', 1);
    const regex = compile(pattern, flags);
    regex.lastIndex = 0;
    const parts = template(requireSimpleLiteral(args[2] as Term, 'REPLACE').value, '');
    const result = text.value.replace(regex, (...match: unknown[]) => {
      // The callback gets (match, group 1..n, offset, input[, groups]): a group beyond n reads as empty.
      const groups = match.findIndex((m, i) => i > 0 && typeof m === 'number') - 1;
      return parts.map((part) => (typeof part === 'number' ? (part <= groups ? ((match[part] as string) ?? '') : '') : part)).join('');
    });
    return stringLike(result, text);
  };
}
