import t from 'tap';
import { isAbsoluteIri, removeDotSegments, resolveIri } from './iri.ts';

// RFC 3986 §5.4.1 and §5.4.2: the reference resolution examples, base "http://a/b/c/d;p?q".
const BASE = 'http://a/b/c/d;p?q';
const EXAMPLES: [string, string][] = [
  ['g:h', 'g:h'], ['g', 'http://a/b/c/g'], ['./g', 'http://a/b/c/g'], ['g/', 'http://a/b/c/g/'],
  ['/g', 'http://a/g'], ['//g', 'http://g'], ['?y', 'http://a/b/c/d;p?y'], ['g?y', 'http://a/b/c/g?y'],
  ['#s', 'http://a/b/c/d;p?q#s'], ['g#s', 'http://a/b/c/g#s'], ['g?y#s', 'http://a/b/c/g?y#s'],
  [';x', 'http://a/b/c/;x'], ['g;x', 'http://a/b/c/g;x'], ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'], ['.', 'http://a/b/c/'], ['./', 'http://a/b/c/'], ['..', 'http://a/b/'],
  ['../', 'http://a/b/'], ['../g', 'http://a/b/g'], ['../..', 'http://a/'], ['../../', 'http://a/'],
  ['../../g', 'http://a/g'],
  // abnormal examples (§5.4.2)
  ['../../../g', 'http://a/g'], ['../../../../g', 'http://a/g'], ['/./g', 'http://a/g'],
  ['/../g', 'http://a/g'], ['g.', 'http://a/b/c/g.'], ['.g', 'http://a/b/c/.g'], ['g..', 'http://a/b/c/g..'],
  ['..g', 'http://a/b/c/..g'], ['./../g', 'http://a/b/g'], ['./g/.', 'http://a/b/c/g/'],
  ['g/./h', 'http://a/b/c/g/h'], ['g/../h', 'http://a/b/c/h'], ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
  ['g;x=1/../y', 'http://a/b/c/y'], ['g?y/./x', 'http://a/b/c/g?y/./x'], ['g?y/../x', 'http://a/b/c/g?y/../x'],
  ['g#s/./x', 'http://a/b/c/g#s/./x'], ['g#s/../x', 'http://a/b/c/g#s/../x'], ['http:g', 'http:g'],
];

t.test('RFC 3986 §5.4 examples', async (t) => {
  for (const [relative, expected] of EXAMPLES) t.equal(resolveIri(relative, BASE), expected, relative);
});

t.test('a base with an authority and an empty path merges with "/"', async (t) => {
  t.equal(resolveIri('x', 'http://example.org'), 'http://example.org/x');
  t.equal(resolveIri('#frag', 'http://example.org/doc#old'), 'http://example.org/doc#frag');
});

t.test('without a base a relative reference stays as it is', async (t) => {
  t.equal(resolveIri('rel/path', undefined), 'rel/path');
});

t.test('remove_dot_segments (§5.2.4)', async (t) => {
  t.equal(removeDotSegments('/a/b/c/./../../g'), '/a/g');
  t.equal(removeDotSegments('mid/content=5/../6'), 'mid/6');
});

t.test('isAbsoluteIri', async (t) => {
  t.ok(isAbsoluteIri('http://x'));
  t.ok(isAbsoluteIri('urn:isbn:1'));
  t.notOk(isAbsoluteIri('/x'));
  t.notOk(isAbsoluteIri('1a:b'));
  t.notOk(isAbsoluteIri(''));
});
