/** §3.1 graph update: INSERT DATA, DELETE DATA, DELETE/INSERT with WITH/USING, DELETE WHERE, with the spec's examples. */
import t from 'tap';
import { namedNode } from '../../rdf/terms.ts';
import { storeWith } from './harness.ts';

t.test('INSERT DATA adds triples, into named graphs too; blank nodes are fresh per request (§3.1.1)', async (t) => {
  const s = await storeWith();
  await s.update('INSERT DATA { :book1 :title "A new book" ; :creator "A.N.Other" . GRAPH :g { :book1 :price 42 } }');
  t.same(s.lines(), [
    '<:book1> <:creator> "A.N.Other"',
    '<:book1> <:price> "42"^^<http://www.w3.org/2001/XMLSchema#integer> <:g>',
    '<:book1> <:title> "A new book"',
  ]);
  await s.update('INSERT DATA { _:b :p 1 . GRAPH :g { _:b :p 2 } }');
  await s.update('INSERT DATA { _:b :p 1 }');
  const subjects = [...s.connection.match({ p: s.connection.values.lookup(namedNode('http://example.org/p')) })].map((q) => q[0]);
  t.equal(subjects.length, 3);
  t.equal(new Set(subjects).size, 2, 'one label in one INSERT DATA is one node; a second request gets a new one');
  await s.close();
});

t.test('DELETE DATA removes exactly the given triples; absent ones are no error (§3.1.2)', async (t) => {
  const s = await storeWith(':book2 :title "David Copperfield" ; :creator "Edmund Wells" . :g { :book2 :title "x" }');
  await s.update('DELETE DATA { :book2 :title "David Copperfield" ; :creator "Edmund Wells" . :book2 :nothing 1 }');
  t.same(s.lines(), ['<:book2> <:title> "x" <:g>']);
  await s.update('DELETE DATA { GRAPH :g { :book2 :title "x" } }');
  t.same(s.lines(), []);
  await t.rejects(s.update('DELETE DATA { _:b :p 1 }'), { name: 'MalformedQueryError' });
  await t.rejects(s.update('DELETE DATA { ?s :p 1 }'), { name: 'MalformedQueryError' });
  await s.close();
});

t.test('DELETE/INSERT with WITH: templates and WHERE use the WITH graph (§3.1.3.1 example)', async (t) => {
  const s = await storeWith(':addresses { :president25 :givenName "Bill" ; :familyName "McKinley" . :president27 :givenName "Bill" ; :familyName "Taft" . } :other { :x :givenName "Bill" }');
  await s.update('WITH :addresses DELETE { ?person :givenName "Bill" } INSERT { ?person :givenName "William" } WHERE { ?person :givenName "Bill" }');
  t.same(s.lines(), [
    '<:president25> <:familyName> "McKinley" <:addresses>',
    '<:president25> <:givenName> "William" <:addresses>',
    '<:president27> <:familyName> "Taft" <:addresses>',
    '<:president27> <:givenName> "William" <:addresses>',
    '<:x> <:givenName> "Bill" <:other>',
  ]);
  await s.close();
});

t.test('the WHERE clause is evaluated before any change (§3.1.3 "snapshot" semantics)', async (t) => {
  const s = await storeWith(':a :next :b . :b :next :c .');
  await s.update('DELETE { ?x :next ?y } INSERT { ?y :next ?x } WHERE { ?x :next ?y }');
  t.same(s.lines(), ['<:b> <:next> <:a>', '<:c> <:next> <:b>']);
  await s.close();
});

t.test('INSERT … WHERE: invalid instances are skipped, blank nodes fresh per solution (§3.1.3.2)', async (t) => {
  const s = await storeWith(':a :v 1 . :b :v 2 . :c :w "x" .');
  await s.update('INSERT { ?o :of ?s . ?s :tag _:t . _:t :from ?s . ?s :maybe ?unbound } WHERE { ?s :v ?o }');
  t.same(s.lines(), [
    '<:a> <:tag> _:',
    '<:a> <:v> "1"^^<http://www.w3.org/2001/XMLSchema#integer>',
    '<:b> <:tag> _:',
    '<:b> <:v> "2"^^<http://www.w3.org/2001/XMLSchema#integer>',
    '<:c> <:w> "x"',
    '_: <:from> <:a>',
    '_: <:from> <:b>',
  ], 'literal subjects and unbound variables produce no triple');
  const tags = [...s.connection.match({})].filter(([, p]) => s.connection.values.term(p).value === 'http://example.org/tag').map(([, , o]) => o);
  t.equal(new Set(tags).size, 2, 'each solution gets its own blank node');
  await s.close();
});

t.test('USING and USING NAMED set the WHERE dataset; WITH still names the template graph (§3.1.3 example 7)', async (t) => {
  const s = await storeWith(':g1 { :a :p 1 } :g2 { :b :p 2 } :target { }');
  await s.update('WITH :target INSERT { ?s :copied ?o } USING :g1 WHERE { ?s :p ?o }');
  t.same(s.lines().filter((l) => l.includes(':copied')), ['<:a> <:copied> "1"^^<http://www.w3.org/2001/XMLSchema#integer> <:target>']);
  await s.update('INSERT { ?s :named ?g } USING NAMED :g2 WHERE { GRAPH ?g { ?s :p ?o } }');
  t.same(s.lines().filter((l) => l.includes(':named')), ['<:b> <:named> <:g2>']);
  await s.close();
});

t.test('DELETE WHERE uses its pattern as template (§3.1.3.3)', async (t) => {
  const s = await storeWith(':a :p 1 ; :q 2 . :b :p 3 . :g { :a :p 1 . :c :p 4 }');
  await s.update('DELETE WHERE { :a ?p ?o }', {}, { unnamedDefaultGraph: true });
  t.same(s.lines(), [
    '<:a> <:p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> <:g>',
    '<:b> <:p> "3"^^<http://www.w3.org/2001/XMLSchema#integer>',
    '<:c> <:p> "4"^^<http://www.w3.org/2001/XMLSchema#integer> <:g>',
  ]);
  await s.update('DELETE WHERE { GRAPH :g { ?s ?p ?o } }');
  t.same(s.lines(), ['<:b> <:p> "3"^^<http://www.w3.org/2001/XMLSchema#integer>']);
  await s.close();
});

t.test('in the union reading, deleting from the default graph deletes from every graph', async (t) => {
  const s = await storeWith(':a :p 1 . :g { :a :p 1 . :a :q 2 } :h { :a :q 2 }');
  await s.update('DELETE WHERE { :a :p ?o }');
  t.same(s.lines(), ['<:a> <:q> "2"^^<http://www.w3.org/2001/XMLSchema#integer> <:g>', '<:a> <:q> "2"^^<http://www.w3.org/2001/XMLSchema#integer> <:h>']);
  await s.update('WITH :g DELETE { ?s :q ?o } WHERE { ?s :q ?o }');
  t.same(s.lines(), ['<:a> <:q> "2"^^<http://www.w3.org/2001/XMLSchema#integer> <:h>'], 'WITH names the one graph to delete from');
  await s.update('DELETE DATA { :a :q 2 }');
  t.same(s.lines(), [], 'DELETE DATA too');
  await s.close();
});

t.test('the default dataset: union of all graphs (decisions.md), or the unnamed graph alone (W3C)', async (t) => {
  const s = await storeWith(':g { :a :p 1 }');
  await s.update('INSERT { ?s :seen true } WHERE { ?s :p 1 }', {}, { unnamedDefaultGraph: true });
  t.notOk(s.lines().some((l) => l.includes(':seen')), 'W3C reading: named graphs are not in the default graph');
  await s.update('INSERT { ?s :seen true } WHERE { ?s :p 1 }');
  t.ok(s.lines().includes('<:a> <:seen> "true"^^<http://www.w3.org/2001/XMLSchema#boolean>'), 'svc default: the union');
  await s.close();
});

t.test('several operations run in order; later ones see earlier ones (§3 "Update request")', async (t) => {
  const s = await storeWith();
  await s.update('INSERT DATA { :a :p 1 } ; INSERT { ?s :q ?o } WHERE { ?s :p ?o } ; DELETE DATA { :a :p 1 }');
  t.same(s.lines(), ['<:a> <:q> "1"^^<http://www.w3.org/2001/XMLSchema#integer>']);
  await s.close();
});
