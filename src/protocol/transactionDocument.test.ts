/** The application/x-rdftransaction document (§4.5, rdf4j-facts §3): parsing and running its operations. */
import t from 'tap';
import { parseTransactionDocument, type TransactionOperation } from './transactionDocument.ts';
import { ProtocolError } from './errors.ts';

const parse = (xml: string) => parseTransactionDocument([xml]);

t.test('add: values, literal forms, contexts (null = default graph)', async (t) => {
  const [op] = await parse(`<transaction><add><bnode>b1</bnode><uri>http://ex/p</uri>
    <literal datatype="http://www.w3.org/2001/XMLSchema#integer">7</literal>
    <contexts><uri>http://ex/g</uri><null/></contexts></add></transaction>`);
  const add = op as Extract<TransactionOperation, { op: 'add' }>;
  t.equal(add.op, 'add');
  t.equal(add.quad.subject.termType, 'BlankNode');
  t.equal(add.quad.object.value, '7');
  t.same(add.contexts?.map((c) => c.termType), ['NamedNode', 'DefaultGraph']);
});

t.test('literals: language, base64 encoding', async (t) => {
  const ops = await parse(`<transaction>
    <add><uri>http://ex/s</uri><uri>http://ex/p</uri><literal xml:lang="fr">bonjour</literal></add>
    <add><uri>http://ex/s</uri><uri>http://ex/p</uri><literal encoding="base64">${Buffer.from('a\u0001b').toString('base64')}</literal></add>
  </transaction>`);
  const objects = ops.map((o) => (o as Extract<TransactionOperation, { op: 'add' }>).quad.object);
  t.equal((objects[0] as { language: string }).language, 'fr');
  t.equal(objects[1]!.value, 'a\u0001b');
});

t.test('remove with wildcards, clear, namespaces, sparql', async (t) => {
  const ops = await parse(`<transaction>
    <remove><null/><uri>http://ex/p</uri><null/></remove>
    <clear><contexts><uri>http://ex/g</uri></contexts></clear>
    <clear/>
    <setNamespace prefix="ex" name="http://ex/"/><removeNamespace prefix="ex"/><clearNamespaces/>
    <sparql baseURI="http://base/" includeInferred="false"><updateString>INSERT DATA {}</updateString>
      <dataset><defaultGraphs><graph>http://ex/d</graph></defaultGraphs><defaultInsertGraph>http://ex/i</defaultInsertGraph></dataset>
      <bindings><binding_literal name="x" language="en">hi</binding_literal><binding_uri name="y">http://ex/y</binding_uri></bindings></sparql>
  </transaction>`);
  t.same(ops.map((o) => o.op), ['remove', 'remove', 'remove', 'setNamespace', 'removeNamespace', 'clearNamespaces', 'sparql']);
  const remove = ops[0] as Extract<TransactionOperation, { op: 'remove' }>;
  t.equal(remove.filter.subject, undefined);
  t.equal(remove.filter.predicate?.value, 'http://ex/p');
  t.equal((ops[2] as Extract<TransactionOperation, { op: 'remove' }>).filter.contexts, undefined, 'clear without contexts = everything');
  const sparql = (ops[6] as Extract<TransactionOperation, { op: 'sparql' }>).request;
  t.equal(sparql.baseIRI, 'http://base/');
  t.equal(sparql.includeInferred, false);
  t.equal(sparql.usingGraphs?.[0]?.value, 'http://ex/d');
  t.equal(sparql.insertGraphs?.[0]?.value, 'http://ex/i');
  t.equal(sparql.bindings?.get('x')?.value, 'hi');
  t.equal(sparql.bindings?.get('y')?.value, 'http://ex/y');
});

t.test('malformed documents are MALFORMED DATA errors', async (t) => {
  for (const xml of ['<transaction><add>', '<other/>', '<transaction><fly/></transaction>',
    '<transaction><add><null/><uri>http://ex/p</uri><uri>http://ex/o</uri></add></transaction>',
    '<transaction><add><literal>x</literal><uri>http://ex/p</uri><uri>http://ex/o</uri></add></transaction>', '']) {
    const error = await parse(xml).then(() => undefined, (e: unknown) => e);
    t.ok(error instanceof ProtocolError && error.status === 400 && error.body.startsWith('MALFORMED DATA'), xml);
  }
});
