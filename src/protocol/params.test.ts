/** §4 parameter decoding: N-Triples values, contexts, infer, counts, timeouts, datasets, transaction settings. */
import t from 'tap';
import { ParameterError } from '../rdf/ntriples.ts';
import {
  bindings,
  contexts,
  count,
  evaluationOptions,
  includeInferred,
  queryLanguage,
  single,
  statementFilter,
  timeoutMs,
  transactionStart,
  updateOptions,
} from './params.ts';
import { ProtocolError } from './errors.ts';

const p = (query: string) => new URLSearchParams(query);

t.test('§4 infer: default true; anything but "true" (any case) is false', async (t) => {
  t.equal(includeInferred(p('')), true);
  t.equal(includeInferred(p('infer=TRUE')), true);
  t.equal(includeInferred(p('infer=false')), false);
  t.equal(includeInferred(p('infer=yes')), false);
});

t.test('§4.5 context: N-Triples IRIs and blank nodes, null and the nil IRIs for the default graph', async (t) => {
  t.equal(contexts(p('')), undefined);
  const graphs = contexts(p('context=%3Chttp://ex/g%3E&context=null&context=_:b1&context=%3Chttp://rdf4j.org/schema/rdf4j%23nil%3E'))!;
  t.same(graphs.map((g) => g.termType), ['NamedNode', 'DefaultGraph', 'BlankNode', 'DefaultGraph']);
  t.throws(() => contexts(p('context=http://ex/g')), ParameterError);
  t.throws(() => contexts(p('context=%22lit%22')), ParameterError);
});

t.test('§4.5 subj/pred/obj: typed by position; a literal subject or predicate is refused', async (t) => {
  const f = statementFilter(p('subj=%3Chttp://ex/s%3E&pred=%3Chttp://ex/p%3E&obj=%22o%22@en&infer=false'));
  t.equal(f.subject?.value, 'http://ex/s');
  t.equal(f.predicate?.value, 'http://ex/p');
  t.equal(f.object?.termType, 'Literal');
  t.equal(f.includeInferred, false);
  t.throws(() => statementFilter(p('subj=%22o%22')), ParameterError);
  t.throws(() => statementFilter(p('pred=_:b')), ParameterError);
  t.same(statementFilter(p('subj=&pred=&obj=')).subject, undefined, 'empty values mean any');
});

t.test('§4.3 $varname bindings and queryLn', async (t) => {
  const b = bindings(p('%24x=%3Chttp://ex/x%3E&%24n=%221%22%5E%5E%3Chttp://www.w3.org/2001/XMLSchema%23integer%3E&query=q'))!;
  t.equal(b.get('x')?.value, 'http://ex/x');
  t.equal(b.get('n')?.value, '1');
  t.equal(bindings(p('query=q')), undefined);
  t.throws(() => bindings(p('%24x=bare')), /\$x/);
  t.equal(queryLanguage(p('queryLn=SeRQL')), 'serql');
  t.equal(queryLanguage(p('')), 'sparql');
  t.throws(() => queryLanguage(p('queryLn=cypher')), ProtocolError);
});

t.test('§4.3 limit/offset/distinct and §8 timeout', async (t) => {
  t.equal(count(p('limit=5'), 'limit'), 5);
  t.equal(count(p('limit=0'), 'limit'), undefined, '0 = none');
  t.throws(() => count(p('limit=-1'), 'limit'), ParameterError);
  t.throws(() => count(p('limit=ten'), 'limit'), ParameterError);
  t.equal(timeoutMs(p('timeout=2')), 2000);
  t.equal(timeoutMs(p('timeout=0')), undefined);
  t.equal(timeoutMs(p('timeout=-3')), undefined);
  t.throws(() => timeoutMs(p('timeout=1.5')), ParameterError);
  const o = evaluationOptions(p('distinct=true&offset=2'));
  t.equal(o.distinct, true);
  t.equal(o.offset, 2);
  t.equal(o.dataset, undefined);
});

t.test('SPARQL Protocol: one query only', async (t) => {
  t.throws(() => single(p('query=a&query=b'), 'query'), ParameterError);
  t.equal(single(p('query=a'), 'query'), 'a');
});

t.test('datasets: raw IRIs, null for the default graph; update dataset parameters', async (t) => {
  const d = evaluationOptions(p('default-graph-uri=http://ex/g&default-graph-uri=null&named-graph-uri=http://ex/n')).dataset!;
  t.same(d.defaultGraphs.map((g) => g.termType), ['NamedNode', 'DefaultGraph']);
  t.equal(d.namedGraphs[0]?.value, 'http://ex/n');
  t.throws(() => evaluationOptions(p('named-graph-uri=null')), ParameterError);
  t.throws(() => evaluationOptions(p('default-graph-uri=relative')), ParameterError);
  const u = updateOptions(p('using-graph-uri=http://ex/a&using-named-graph-uri=http://ex/b&remove-graph-uri=http://ex/c&insert-graph-uri=http://ex/d'));
  t.equal(u.usingGraphs?.[0]?.value, 'http://ex/a');
  t.equal(u.usingNamedGraphs?.[0]?.value, 'http://ex/b');
  t.equal(u.removeGraphs?.[0]?.value, 'http://ex/c');
  t.equal(u.insertGraphs?.[0]?.value, 'http://ex/d');
  t.equal(updateOptions(p('')).usingGraphs, undefined);
});

t.test('§4.12 isolation-level: names, legacy IRIs, transaction settings', async (t) => {
  t.equal(transactionStart(p('isolation-level=snapshot')).isolationLevel, 'SNAPSHOT');
  t.equal(transactionStart(p('isolation-level=http://www.openrdf.org/schema/sesame%23SERIALIZABLE')).isolationLevel, 'SERIALIZABLE');
  const s = transactionStart(p('transaction-setting__org.eclipse.rdf4j.common.transaction.IsolationLevel=NONE&transaction-setting__x.y=Bulk'));
  t.equal(s.isolationLevel, 'NONE');
  t.same([...s.settings], [['x.y', 'Bulk']]);
  t.equal(transactionStart(p('')).isolationLevel, undefined);
  t.throws(() => transactionStart(p('isolation-level=SOMETIMES')), ParameterError);
});
