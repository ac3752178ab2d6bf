/** The INSERT DATA / DELETE DATA fast path: what it accepts, what it leaves to the full grammar, and its speed. */
import t from 'tap';
import { termKey, type Quad } from '../../rdf/terms.ts';
import type { UpdateOperation } from './operations.ts';
import { parseQuadDataRequest } from './quadData.ts';
import { parseUpdate } from './syntax.ts';

const lines = (ops: readonly UpdateOperation[] | undefined): string[] =>
  (ops ?? []).flatMap((op) =>
    'quads' in op ? op.quads.map((q: Quad) => `${op.type} ${[q.subject, q.predicate, q.object, q.graph].map(termKey).join(' ').replace(/_:\S+/g, '_:')}`) : [op.type],
  );

t.test('QuadData requests parse as TriG, with the prologue, GRAPH blocks and every term form', async (t) => {
  const request = `# comment { not a brace }
    BASE <http://example.org/base/>
    PREFIX : <http://example.org/>
    insert data { :a :p +5 , "x # not a comment"@en-GB , 'it\\'s'^^:t ; :q [ :r ( 1 2.5 ) ] .
      GRAPH :g { :a :p """long { } string""" } <rel> a :T
      GRAPH <http://example.org/h> { } } ;
    PREFIX x: <http://x.example/>
    DELETE DATA { x:s x:p true } ;`;
  const ops = parseQuadDataRequest(request);
  t.same(ops?.map((o) => o.type), ['insertData', 'deleteData']);
  t.same(lines(ops), [
    'insertData <http://example.org/a> <http://example.org/p> "+5"^^<http://www.w3.org/2001/XMLSchema#integer> ',
    'insertData <http://example.org/a> <http://example.org/p> "x # not a comment"@en-gb ',
    'insertData <http://example.org/a> <http://example.org/p> "it\'s"^^<http://example.org/t> ',
    'insertData _: <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> "1"^^<http://www.w3.org/2001/XMLSchema#integer> ',
    'insertData _: <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> _: ',
    'insertData _: <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> "2.5"^^<http://www.w3.org/2001/XMLSchema#decimal> ',
    'insertData _: <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> <http://www.w3.org/1999/02/22-rdf-syntax-ns#nil> ',
    'insertData _: <http://example.org/r> _: ',
    'insertData <http://example.org/a> <http://example.org/q> _: ',
    'insertData <http://example.org/a> <http://example.org/p> "long { } string" <http://example.org/g>',
    'insertData <http://example.org/base/rel> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/T> ',
    'deleteData <http://x.example/s> <http://x.example/p> "true"^^<http://www.w3.org/2001/XMLSchema#boolean> ',
  ]);
});

t.test('anything else is left to the full grammar (which accepts it or names the error)', async (t) => {
  const cases: [string, string][] = [
    ['INSERT DATA { ?s <http://a/p> 1 }', 'a variable'],
    ['INSERT DATA { GRAPH ?g { <http://a/s> <http://a/p> 1 } }', 'a variable graph'],
    ['DELETE DATA { _:b <http://a/p> 1 }', 'a blank node in DELETE DATA'],
    ['INSERT DATA { { <http://a/s> <http://a/p> 1 } }', 'a nested group'],
    ['INSERT DATA { @prefix a: <http://a/> . a:s a:p 1 }', 'a Turtle directive'],
    ['INSERT DATA { PREFIX a: <http://a/> a:s a:p 1 }', 'a SPARQL directive'],
    ['INSERT DATA { << <http://a/s> <http://a/p> 1 >> <http://a/q> 2 }', 'a quoted triple'],
    ['INSERT DATA { <http://a/s> <http://a/p> 1 } ; CLEAR ALL', 'another operation'],
    ['INSERT { <http://a/s> <http://a/p> 1 } WHERE {}', 'INSERT … WHERE'],
    ['INSERT DATA { <http://a/s> <http://a/p> 1 ', 'a missing brace'],
    ['INSERT DATA { <http://a/s> <http://a/p> 1 } }', 'a stray brace'],
    ['INSERT DATA { _:b <http://a/p> 1 } ; INSERT DATA { _:b <http://a/p> 2 }', 'a blank-node label shared by two operations'],
  ];
  for (const [request, what] of cases) t.equal(parseQuadDataRequest(request), undefined, what);
  t.throws(() => parseUpdate('DELETE DATA { _:b <http://a/p> 1 }'), { name: 'MalformedQueryError' }, 'the fallback still rejects');
  t.equal(parseUpdate('INSERT DATA { <http://a/s> <http://a/p> 1 } ; CLEAR ALL').length, 2, 'the fallback still accepts');
});

t.test('the fast path and the full grammar agree on the triples (up to numeric spellings the grammar normalises)', async (t) => {
  const request = 'PREFIX : <http://example.org/> INSERT DATA { :a :p 1, "s", :o ; :q [ :r "x"@en ] . GRAPH :g { :a :b :c . :c :d (1 2) } }';
  const viaGrammar = parseUpdate(request + ' ; CLEAR SILENT GRAPH <http://nothing/>').slice(0, 1);
  t.same(lines(parseQuadDataRequest(request)).sort(), lines(viaGrammar).sort());
});

t.test('bulk INSERT DATA parses several times faster than through the full grammar', async (t) => {
  let data = '';
  for (let i = 0; i < 4000; i++) data += `:s${i} :p ${i} ; :q "v${i}" .\n`;
  const request = `PREFIX : <http://example.org/> INSERT DATA {\n${data}}`;
  const time = (parse: () => unknown): number => {
    const started = performance.now();
    parse();
    return performance.now() - started;
  };
  // Warm both parsers up, so the comparison is of steady-state speed.
  parseQuadDataRequest('INSERT DATA { <http://a/s> <http://a/p> 1 }');
  parseUpdate('INSERT DATA { <http://a/s> <http://a/p> 1 } ; CLEAR SILENT GRAPH <http://nothing/>');
  let fastOps: UpdateOperation[] | undefined;
  const fast = time(() => (fastOps = parseQuadDataRequest(request)));
  // A trailing non-DATA operation sends the same data through sparqljs.
  const full = time(() => parseUpdate(`${request} ; CLEAR SILENT GRAPH <http://nothing/>`));
  t.equal(fastOps?.[0]?.type === 'insertData' && fastOps[0].quads.length, 8000);
  t.ok(fast * 3 < full, `fast path ${fast.toFixed(0)} ms, full grammar ${full.toFixed(0)} ms`);
});

t.test('plain N-Triples blocks take the line parser; anything it refuses still parses through TriG', async (t) => {
  const nt = parseQuadDataRequest('INSERT DATA {\n<http://e/s> <http://e/p> "a"@en .\n_:b1 <http://e/p> <http://e/o> .\n}')!;
  t.same(nt[0]!.type, 'insertData');
  const quadsOf = (op: UpdateOperation | undefined): readonly Quad[] => (op && 'quads' in op ? op.quads : []);
  const quads = quadsOf(nt[0]);
  t.same(quads.map((q) => termKey(q.object)), ['"a"@en', '<http://e/o>']);
  t.equal(quads[1]!.subject.value, 'b1', 'blank-node labels kept as written');
  const mixed = parseQuadDataRequest('PREFIX e: <http://e/> INSERT DATA { e:s e:p e:o . <http://e/s> <http://e/p> 1 , 2 . GRAPH <http://e/g> { e:s e:p e:o } }')!;
  t.equal(quadsOf(mixed[0]).length, 4, 'prefixed names, lists and GRAPH go through TriG');
  t.equal(parseQuadDataRequest('INSERT DATA { <rel> <http://e/p> <http://e/o> . }', 'http://base/')?.length, 1, 'a relative IRI falls back to TriG, which resolves it');
});
