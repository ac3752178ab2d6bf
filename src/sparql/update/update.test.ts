/**
 * Requests as a whole: all-or-nothing inside the caller's transaction, the
 * protocol's dataset parameters (SPARQL 1.1 Protocol §2.2.3, spec §4.13) and
 * their conflicts, `$var` bindings, timeouts.
 */
import t from 'tap';
import { literal, namedNode, type Term } from '../../rdf/terms.ts';
import { QueryTimeoutError } from '../api.ts';
import { storeWith } from './harness.ts';
import { prepareUpdate } from './update.ts';

const ORIGINAL = ':a :p 1 . :g { :b :p 2 }';

t.test('a request that fails halfway leaves the store exactly as it was', async (t) => {
  const s = await storeWith(ORIGINAL);
  const before = s.lines();
  await t.rejects(s.update('INSERT DATA { :c :p 3 } ; CLEAR DEFAULT ; CREATE GRAPH :g'), { name: 'GraphManagementError' });
  t.same(s.lines(), before, 'INSERT DATA and CLEAR DEFAULT were rolled back with the failed CREATE');
  await t.rejects(s.update('DROP ALL ; LOAD <http://localhost:1/nothing.ttl>'), { name: 'LoadError' });
  t.same(s.lines(), before, 'a failed LOAD rolls back the DROP before it');
  await s.close();
});

t.test('a timeout (aborted signal) fails the request with QueryTimeoutError and changes nothing', async (t) => {
  const s = await storeWith(ORIGINAL);
  const before = s.lines();
  const controller = new AbortController();
  controller.abort(new QueryTimeoutError('update execution took too long'));
  await t.rejects(s.update('DELETE WHERE { ?s ?p ?o }', { signal: controller.signal }), QueryTimeoutError);
  t.same(s.lines(), before);
  await s.close();
});

t.test('using-graph-uri / using-named-graph-uri replace the WHERE dataset', async (t) => {
  const s = await storeWith(ORIGINAL);
  const g = namedNode('http://example.org/g');
  await s.update('INSERT { ?s :found ?o } WHERE { ?s :p ?o }', { usingGraphs: [g] });
  t.ok(s.lines().includes('<:b> <:found> "2"^^<http://www.w3.org/2001/XMLSchema#integer>'));
  t.notOk(s.lines().some((l) => l.startsWith('<:a> <:found>')), 'the unnamed graph is not in that dataset');
  await s.update('INSERT { ?s :in ?graph } WHERE { GRAPH ?graph { ?s :p ?o } }', { usingNamedGraphs: [g] });
  t.ok(s.lines().includes('<:b> <:in> <:g>'));
  await s.close();
});

t.test('protocol dataset parameters conflict with USING / WITH in the request (400)', async (t) => {
  const s = await storeWith(ORIGINAL);
  const g = namedNode('http://example.org/g');
  await t.rejects(s.update('INSERT { ?s :x 1 } USING :g WHERE { ?s :p ?o }', { usingGraphs: [g] }), { name: 'MalformedQueryError', message: /using-graph-uri/ });
  await t.rejects(s.update('WITH :g INSERT { ?s :x 1 } WHERE { ?s :p ?o }', { usingNamedGraphs: [g] }), { name: 'MalformedQueryError' });
  await t.rejects(s.update('WITH :g DELETE { ?s :p ?o } WHERE { ?s :p ?o }', { removeGraphs: [g] }), { name: 'MalformedQueryError', message: /remove-graph-uri/ });
  await s.close();
});

t.test('insert-graph-uri and remove-graph-uri redirect triples written without GRAPH', async (t) => {
  const s = await storeWith(ORIGINAL);
  const h = namedNode('http://example.org/h');
  await s.update('INSERT DATA { :c :p 3 }', { insertGraphs: [h] });
  t.ok(s.lines().includes('<:c> <:p> "3"^^<http://www.w3.org/2001/XMLSchema#integer> <:h>'));
  await s.update('DELETE { ?s :p ?o } WHERE { ?s :p ?o }', { removeGraphs: [h] });
  t.notOk(s.lines().some((l) => l.endsWith('<:h>')), 'removed from <h> only');
  t.ok(s.lines().includes('<:a> <:p> "1"^^<http://www.w3.org/2001/XMLSchema#integer>'));
  await s.close();
});

t.test('$var bindings constrain the WHERE clause and fill templates', async (t) => {
  const s = await storeWith(':a :p 1 . :b :p 2 .');
  await s.update('DELETE { ?s :p ?o } INSERT { ?s :note ?note } WHERE { ?s :p ?o }', {
    bindings: new Map<string, Term>([['s', namedNode('http://example.org/b')], ['note', literal('bound')]]),
  });
  t.same(s.lines(), ['<:a> <:p> "1"^^<http://www.w3.org/2001/XMLSchema#integer>', '<:b> <:note> "bound"']);
  await s.close();
});

t.test('syntax errors are MalformedQueryError; an empty request is valid', async (t) => {
  t.throws(() => prepareUpdate('INSERT DATA { :a :b }'), { name: 'MalformedQueryError' });
  t.throws(() => prepareUpdate('SELECT * WHERE { ?s ?p ?o }'), { name: 'MalformedQueryError', message: /query/ });
  t.throws(() => prepareUpdate('DELETE { _:b ?p ?o } WHERE { ?s ?p ?o }'), { name: 'MalformedQueryError' });
  t.throws(() => prepareUpdate('INSERT DATA { <a> <b> <c> }', { language: 'serql' }), { name: 'MalformedQueryError' });
  const s = await storeWith(ORIGINAL);
  await s.update('# nothing to do');
  t.equal(s.lines().length, 2);
  await s.close();
});

t.test('execute needs an active transaction', async (t) => {
  const s = await storeWith();
  await t.rejects(prepareUpdate('INSERT DATA { <http://a> <http://b> <http://c> }').execute(s.connection), /transaction/);
  await s.close();
});
