import t from 'tap';
import { ParseError } from './format.ts';
import { streamJson, type JsonValue } from './json.ts';
import { inChunks } from './testing.ts';
import { sparqlJsonTuple } from './results/sparqlJson.ts';

const DOC = '{"a": [1, -2.5e3, true, false, null, "x\\"y\\u00e9😀", "ends in \\\\", "\\\\\\""], "s": {"items": [{"k": 1}, {"k": [2, {}]}, []]}, "n": 10}';

t.test('reads any document, split anywhere, and streams the chosen arrays', async (t) => {
  for (const size of [1, 2, 3, 7, 1000]) {
    const elements: JsonValue[] = [];
    const root = await streamJson(inChunks(Buffer.from(DOC), size), 'test', (p) => p.join('.') === 's.items', (e) => void elements.push(e));
    t.same(root, { a: [1, -2500, true, false, null, 'x"yé😀', 'ends in \\', '\\"'], s: { items: [] }, n: 10 }, `chunks of ${size}`);
    t.same(elements, [{ k: 1 }, { k: [2, {}] }, []]);
  }
});

t.test('malformed JSON is a ParseError with its line', async (t) => {
  const cases: [string, RegExp, number][] = [
    ['{"a": 1,\n"b" 2}', /expected ":"/, 2],
    ['[1, 2\n\n', /unexpected end of input/, 3],
    ['{"a": tru}', /unexpected character/, 1],
    ['{"a": 1} x', /unexpected text after the document/, 1],
    ['{"a": [1}', /expected "," or "\]"/, 1],
    ['"open', /unterminated string/, 1],
  ];
  for (const [text, message, line] of cases) {
    const error = await streamJson([text], 'test', () => false, () => undefined).then(() => undefined, (e: unknown) => e as ParseError);
    t.type(error, ParseError, text);
    t.match(error?.message, message, text);
    t.equal(error?.line, line, text);
  }
});

t.test('SPARQL JSON: bindings before head wait for it', async (t) => {
  const rows: string[][] = [];
  let variables: readonly string[] = [];
  await sparqlJsonTuple.parse!(['{"results": {"bindings": [{"x": {"type": "uri", "value": "http://a"}}]}, "head": {"vars": ["x"]}}'], {
    variables: (v) => void (variables = v),
    solution: (r) => void rows.push(r.map((v) => v?.value ?? '')),
  });
  t.same(variables, ['x']);
  t.same(rows, [['http://a']]);
});

t.test('objects stream member by member, with their keys', async (t) => {
  const members: [string | undefined, JsonValue][] = [];
  const root = await streamJson(inChunks(Buffer.from('{"a": {"x": 1}, "b": [2], "c": "s"}'), 3), 'test', (p) => p.length === 0, (v, _root, key) => void members.push([key, v]));
  t.same(root, {});
  t.same(members, [['a', { x: 1 }], ['b', [2]], ['c', 's']]);
});
