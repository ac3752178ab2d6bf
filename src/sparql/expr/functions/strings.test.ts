/** §17.4.3 Functions on strings, with the spec's examples (argument compatibility §17.4.3.1.2). */
import t from 'tap';
import { table } from '../harness.ts';

t.test('STRLEN counts code points (§17.4.3.2)', async (t) => {
  table(t, 'strlen', [
    [['"chat"'], '4'],
    [['"chat"@en'], '4'],
    [['"chat"^^xsd:string'], '4'],
    [['"\\U0001D11E"'], '1'],
    [['<http://a/>'], 'error'],
    [['1'], 'error'],
  ]);
});

t.test('SUBSTR is 1-based on code points and keeps the tag (§17.4.3.3)', async (t) => {
  table(t, 'substr', [
    [['"foobar"', '4'], '"bar"'],
    [['"foobar"@en', '4'], '"bar"@en'],
    [['"foobar"^^xsd:string', '4'], '"bar"^^xsd:string'],
    [['"foobar"', '4', '1'], '"b"'],
    [['"foobar"@en', '4', '1'], '"b"@en'],
    [['"12345"', '1.5', '2.6'], '"234"'],
    [['"12345"', '0', '3'], '"12"'],
    [['"12345"', '-3', '5'], '"1"'],
    [['"\\U0001D11Eab"', '2', '1'], '"a"'],
    [['"abc"', '"2"'], 'error'],
  ]);
});

t.test('UCASE and LCASE keep the language tag (§17.4.3.4–5)', async (t) => {
  table(t, 'ucase', [[['"foo"'], '"FOO"'], [['"foo"@en'], '"FOO"@en'], [['<http://a/>'], 'error']]);
  table(t, 'lcase', [[['"BAR"'], '"bar"'], [['"BAR"@en'], '"bar"@en']]);
});

t.test('STRSTARTS, STRENDS, CONTAINS check argument compatibility (§17.4.3.6–8)', async (t) => {
  table(t, 'strstarts', [
    [['"foobar"', '"foo"'], 'true'],
    [['"foobar"@en', '"foo"@en'], 'true'],
    [['"foobar"^^xsd:string', '"foo"'], 'true'],
    [['"foobar"@en', '"foo"'], 'true'],
    [['"foobar"', '"foo"@en'], 'error'],
    [['"foobar"@en', '"foo"@fr'], 'error'],
  ]);
  table(t, 'strends', [[['"foobar"', '"bar"'], 'true'], [['"foobar"', '"foo"'], 'false']]);
  table(t, 'contains', [
    [['"foobar"', '"bar"'], 'true'],
    [['"foobar"@en', '"foo"@en'], 'true'],
    [['"foobar"', '"xyz"'], 'false'],
    [['"foobar"', '1'], 'error'],
  ]);
});

t.test('STRBEFORE and STRAFTER: no match is an empty simple literal (§17.4.3.9–10)', async (t) => {
  table(t, 'strbefore', [
    [['"abc"', '"b"'], '"a"'],
    [['"abc"@en', '"bc"'], '"a"@en'],
    [['"abc"@en', '"b"@cy'], 'error'],
    [['"abc"^^xsd:string', '""'], '""^^xsd:string'],
    [['"abc"', '"xyz"'], '""'],
    [['"abc"@en', '"z"@en'], '""'],
    [['"abc"@en', '"z"'], '""'],
    [['"abc"@en', '""@en'], '""@en'],
    [['"abc"@en', '""'], '""@en'],
  ]);
  table(t, 'strafter', [
    [['"abc"', '"b"'], '"c"'],
    [['"abc"@en', '"ab"'], '"c"@en'],
    [['"abc"@en', '"b"@cy'], 'error'],
    [['"abc"^^xsd:string', '""'], '"abc"^^xsd:string'],
    [['"abc"', '"xyz"'], '""'],
    [['"abc"@en', '"z"@en'], '""'],
    [['"abc"@en', '""@en'], '"abc"@en'],
  ]);
});

t.test('ENCODE_FOR_URI escapes everything but unreserved characters (§17.4.3.11)', async (t) => {
  table(t, 'encode_for_uri', [
    [['"Los Angeles"'], '"Los%20Angeles"'],
    [['"Los Angeles"@en'], '"Los%20Angeles"'],
    [['"~bébé"'], '"~b%C3%A9b%C3%A9"'],
    [['"100% (!*\')"'], '"100%25%20%28%21%2A%27%29"'],
  ]);
});

t.test('CONCAT keeps a tag only when all arguments share it (§17.4.3.12)', async (t) => {
  table(t, 'concat', [
    [['"foo"', '"bar"'], '"foobar"'],
    [['"foo"@en', '"bar"@en'], '"foobar"@en'],
    [['"foo"^^xsd:string', '"bar"^^xsd:string'], '"foobar"^^xsd:string'],
    [['"foo"', '"bar"^^xsd:string'], '"foobar"'],
    [['"foo"@en', '"bar"'], '"foobar"'],
    [['"foo"@en', '"bar"^^xsd:string'], '"foobar"'],
    [[], '""'],
    [['"foo"', '1'], 'error'],
  ]);
});

t.test('langMatches uses RFC 4647 basic filtering (§17.4.3.13)', async (t) => {
  table(t, 'langMatches', [
    [['"fr"', '"FR"'], 'true'],
    [['"fr-BE"', '"fr"'], 'true'],
    [['"fr"', '"fr-BE"'], 'false'],
    [['"fra"', '"fr"'], 'false'],
    [['"en"', '"*"'], 'true'],
    [['""', '"*"'], 'false'],
    [['"en"@en', '"*"'], 'error'],
  ]);
});
