import t from 'tap';
import { jsonLdEqual } from './jsonld-compare.ts';

t.test('member and array order do not matter', async (t) => {
  t.ok(jsonLdEqual([{ '@id': 'a', p: [1, 2] }, { '@id': 'b' }], [{ '@id': 'b' }, { p: [2, 1], '@id': 'a' }]));
});

t.test('order inside @list matters', async (t) => {
  t.notOk(jsonLdEqual({ '@list': [1, 2] }, { '@list': [2, 1] }));
  t.ok(jsonLdEqual({ '@list': [1, 2] }, { '@list': [1, 2] }));
});

t.test('language tags compare case-insensitively; other values strictly', async (t) => {
  t.ok(jsonLdEqual({ '@value': 'x', '@language': 'en-US' }, { '@value': 'x', '@language': 'en-us' }));
  t.notOk(jsonLdEqual({ '@value': 'X' }, { '@value': 'x' }));
  t.notOk(jsonLdEqual({ '@value': 1 }, { '@value': '1' }));
});
