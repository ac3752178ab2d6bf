/** §17.4.3.14 REGEX and §17.4.3.15 REPLACE: XPath flags and replacement syntax on JavaScript regexes. */
import t from 'tap';
import { termKey } from '../../../rdf/terms.ts';
import { resolveFunction } from '../index.ts';
import { context, key, table, term } from '../harness.ts';

t.test('REGEX with the spec example and each flag', async (t) => {
  table(t, 'regex', [
    [['"Alice"', '"^ali"', '"i"'], 'true'],
    [['"Alice"', '"^ali"'], 'false'],
    [['"Alice"@en', '"^Al"'], 'true'],
    [['"a\\nb"', '"^b$"'], 'false'],
    [['"a\\nb"', '"^b$"', '"m"'], 'true'],
    [['"a\\nb"', '"a.b"'], 'false'],
    [['"a\\nb"', '"a.b"', '"s"'], 'true'],
    [['"abc"', '"a b c"', '"x"'], 'true'],
    [['"a b"', '"a[ ]b"', '"x"'], 'true'],
    [['"a.b"', '"."', '"q"'], 'true'],
    [['"ab"', '"a.b"', '"q"'], 'false'],
    [['"\\U0001D11E"', '"^.$"'], 'true'],
    [['"abc"', '"("'], 'error'],
    [['"abc"', '"a"', '"g"'], 'error'],
    [['<http://a/>', '"a"'], 'error'],
    [['"abc"', '"a"@en'], 'error'],
  ]);
});

t.test('REPLACE with the spec examples: $n groups, \\$ escapes, flags', async (t) => {
  table(t, 'replace', [
    [['"abracadabra"', '"bra"', '"*"'], '"a*cada*"'],
    [['"abracadabra"', '"a.*a"', '"*"'], '"*"'],
    [['"abracadabra"', '"a.*?a"', '"*"'], '"*c*bra"'],
    [['"abracadabra"', '"a"', '""'], '"brcdbr"'],
    [['"abracadabra"', '"a(.)"', '"a$1$1"'], '"abbraccaddabbra"'],
    [['"darted"', '"^(.*?)d(.*)$"', '"$1c$2"'], '"carted"'],
    [['"abcd"', '"B"', '"Z"', '"i"'], '"aZcd"'],
    [['"abcd"@en', '"b"', '"Z"'], '"aZcd"@en'],
    [['"a$b"', '"\\\\$"', '"\\\\$\\\\$"'], '"a$$b"'],
    [['"ab"', '"(a)|(x)"', '"[$1$2]"'], '"[a]b"'],
    [['"abracadabra"', '".*?"', '"$1"'], 'error'],
    [['"abc"', '"b"', '"$"'], 'error'],
    [['"abc"', '"b"', '"\\\\n"'], 'error'],
  ]);
});

t.test('one call site with a pattern that changes per solution', async (t) => {
  const regex = resolveFunction('regex')!;
  const ctx = context();
  const rows: [string, string, string][] = [['"abc"', '"^a"', 'true'], ['"abc"', '"^b"', 'false'], ['"bcd"', '"^b"', 'true'], ['"abc"', '"^a"', 'true']];
  for (const [text, pattern, expected] of rows) {
    t.equal(termKey(regex([term(text), term(pattern)], ctx)), key(expected), `REGEX(${text}, ${pattern})`);
  }
});
