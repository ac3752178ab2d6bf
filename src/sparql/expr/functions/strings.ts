/**
 * §17.4.3 Functions on strings: STRLEN, SUBSTR, UCASE, LCASE, STRSTARTS,
 * STRENDS, CONTAINS, STRBEFORE, STRAFTER, ENCODE_FOR_URI, CONCAT, langMatches.
 * Lengths and positions count code points, not UTF-16 units (XPath §7.4), so
 * a character outside the BMP counts once. REGEX and REPLACE are in regex.ts.
 */
import { literal, type Literal, type Term } from '../../../rdf/terms.ts';
import type { FunctionTable } from '../context.ts';
import { integerLiteral, requireNumeric, toNumber } from '../numeric.ts';
import {
  bool, requireCompatible, requireSimpleLiteral, requireStringLiteral, simple, stringLike,
} from '../literals.ts';

const codePoints = (s: string): string[] => Array.from(s);

/** SUBSTR (§17.4.3.3, XPath fn:substring): 1-based, rounded start and length, on code points. */
function substr(args: readonly Term[]): Term {
  const source = requireStringLiteral(args[0], 'SUBSTR');
  const start = Math.round(toNumber(requireNumeric(args[1], 'SUBSTR')));
  const length = args.length > 2 ? Math.round(toNumber(requireNumeric(args[2], 'SUBSTR'))) : Infinity;
  const chars = codePoints(source.value);
  // fn:substring keeps the characters at positions p with start <= p < start + length.
  const from = Math.max(start, 1);
  const to = start + length;
  if (Number.isNaN(start) || Number.isNaN(to) || to <= from) return stringLike('', source);
  return stringLike(chars.slice(from - 1, to === Infinity ? undefined : to - 1).join(''), source);
}

/** Checks the two arguments of STRSTARTS & co. (§17.4.3.1.2) and returns them. */
function pair(args: readonly Term[], fn: string): [Literal, Literal] {
  const a = requireStringLiteral(args[0], fn);
  const b = requireStringLiteral(args[1], fn);
  requireCompatible(a, b, fn);
  return [a, b];
}

/**
 * STRBEFORE/STRAFTER (§17.4.3.9–10): the result keeps the first argument's
 * tag, except that no match gives an empty simple literal.
 */
function strbefore(args: readonly Term[]): Term {
  const [a, b] = pair(args, 'STRBEFORE');
  const at = a.value.indexOf(b.value);
  if (at < 0) return simple('');
  return stringLike(a.value.slice(0, at), a);
}

function strafter(args: readonly Term[]): Term {
  const [a, b] = pair(args, 'STRAFTER');
  const at = a.value.indexOf(b.value);
  if (at < 0) return simple('');
  return stringLike(a.value.slice(at + b.value.length), a);
}

/** ENCODE_FOR_URI (§17.4.3.11, XPath fn:encode-for-uri): everything but RFC 3986 unreserved characters is %-escaped. */
function encodeForUri([a]: readonly Term[]): Term {
  const text = requireStringLiteral(a, 'ENCODE_FOR_URI').value;
  return simple(encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()));
}

/**
 * CONCAT (§17.4.3.12): the language tag survives when every argument has the
 * same one; otherwise (and with no arguments) the result is a simple literal.
 */
function concat(args: readonly Term[]): Term {
  const parts = args.map((a) => requireStringLiteral(a, 'CONCAT'));
  const lang = parts[0]?.language ?? '';
  const text = parts.map((p) => p.value).join('');
  return lang !== '' && parts.every((p) => p.language === lang) ? literal(text, lang) : simple(text);
}

/** langMatches (§17.4.3.13, RFC 4647 §3.3.1 basic filtering): "*" matches any non-empty tag. */
function langMatches([tag, range]: readonly Term[]): Term {
  const t = requireSimpleLiteral(tag, 'langMatches').value.toLowerCase();
  const r = requireSimpleLiteral(range, 'langMatches').value.toLowerCase();
  if (r === '*') return bool(t !== '');
  return bool(t === r || t.startsWith(r + '-'));
}

export const stringFunctions: FunctionTable = {
  strlen: ([a]) => integerLiteral(codePoints(requireStringLiteral(a, 'STRLEN').value).length),
  substr,
  ucase: ([a]) => stringLike(requireStringLiteral(a, 'UCASE').value.toUpperCase(), a as Literal),
  lcase: ([a]) => stringLike(requireStringLiteral(a, 'LCASE').value.toLowerCase(), a as Literal),
  strstarts: (args) => {
    const [a, b] = pair(args, 'STRSTARTS');
    return bool(a.value.startsWith(b.value));
  },
  strends: (args) => {
    const [a, b] = pair(args, 'STRENDS');
    return bool(a.value.endsWith(b.value));
  },
  contains: (args) => {
    const [a, b] = pair(args, 'CONTAINS');
    return bool(a.value.includes(b.value));
  },
  strbefore,
  strafter,
  encode_for_uri: encodeForUri,
  concat,
  langmatches: langMatches,
};
