/** §17.4.2 Functions on RDF terms, with the spec's examples. */
import t from 'tap';
import { termKey } from '../../../rdf/terms.ts';
import { callWith, context, table } from '../harness.ts';

t.test('isIRI, isBlank, isLiteral, isNumeric (§17.4.2.1–4)', async (t) => {
  table(t, 'isIRI', [[['<mailto:alice@work.example>'], 'true'], [['"x"'], 'false']]);
  table(t, 'isURI', [[['<mailto:alice@work.example>'], 'true']]);
  table(t, 'isBlank', [[['_:b'], 'true'], [['<http://a/>'], 'false']]);
  table(t, 'isLiteral', [[['"alice"'], 'true'], [['_:b'], 'false']]);
  table(t, 'isNumeric', [
    [['12'], 'true'],
    [['"12"'], 'false'],
    [['"12"^^xsd:nonNegativeInteger'], 'true'],
    [['"1200"^^xsd:byte'], 'false'],
    [['"-1"^^xsd:nonNegativeInteger'], 'false'],
    [['"1e3"^^xsd:double'], 'true'],
    [['"INF"^^xsd:float'], 'true'],
    [['"1.5"^^xsd:integer'], 'false'],
    [['<http://example/>'], 'false'],
  ]);
});

t.test('STR, LANG, DATATYPE (§17.4.2.5–7)', async (t) => {
  table(t, 'str', [
    [['<mailto:alice@work.example>'], '"mailto:alice@work.example"'],
    [['"chat"@en'], '"chat"'],
    [['"01"^^xsd:integer'], '"01"'],
    [['_:b'], 'error'],
  ]);
  table(t, 'lang', [
    [['"Robert"@en'], '"en"'],
    [['"Robert"'], '""'],
    [['<http://a/>'], 'error'],
  ]);
  table(t, 'datatype', [
    [['"Robert"'], 'xsd:string'],
    [['"Robert"@en'], 'rdf:langString'],
    [['"2"^^xsd:integer'], 'xsd:integer'],
    [['<http://a/>'], 'error'],
  ]);
});

t.test('IRI resolves against the base IRI; only IRIs and simple literals are accepted (§17.4.2.8)', async (t) => {
  table(t, 'iri', [
    [['"http://example.org/x"'], '<http://example.org/x>'],
    [['<http://example.org/x>'], '<http://example.org/x>'],
    [['"rel"'], '<http://example.org/base/rel>'],
    [['"x"@en'], 'error'],
    [['1'], 'error'],
    [['"http://example.org/a b"'], 'error'],
    [['"http://example.org/<x>"'], 'error'],
    [['"http://example.org/caf\u00e9?q=1#f"'], '<http://example.org/café?q=1#f>'],
  ]);
  const noBase = context({ baseIRI: undefined });
  t.throws(() => callWith(noBase, 'uri', '"relative"'), { name: 'ExpressionError' });
});

t.test('BNODE: fresh per call, one node per label within a solution (§17.4.2.9)', async (t) => {
  const ctx = context();
  const a = termKey(callWith(ctx, 'BNODE'));
  const b = termKey(callWith(ctx, 'BNODE'));
  t.not(a, b, 'BNODE() is fresh each time');
  t.equal(termKey(callWith(ctx, 'bnode', '"x"')), termKey(callWith(ctx, 'bnode', '"x"')), 'same label, same node');
  t.not(termKey(callWith(ctx, 'bnode', '"x"')), termKey(callWith(ctx, 'bnode', '"y"')), 'other label, other node');
  t.throws(() => callWith(ctx, 'bnode', '1'), { name: 'ExpressionError' });
});

t.test('STRDT and STRLANG build literals from simple literals (§17.4.2.10–11)', async (t) => {
  table(t, 'strdt', [
    [['"123"', 'xsd:integer'], '123'],
    [['"iiii"', '<http://example/romanNumeral>'], '"iiii"^^<http://example/romanNumeral>'],
    [['"x"@en', 'xsd:string'], 'error'],
    [['"x"', '"xsd:string"'], 'error'],
    [['"x"', 'rdf:langString'], 'error'],
  ]);
  table(t, 'strlang', [
    [['"chat"', '"en"'], '"chat"@en'],
    [['"chat"@fr', '"en"'], 'error'],
    [['"chat"', '""'], 'error'],
    [['"chat"', '"not a tag"'], 'error'],
  ]);
});

t.test('UUID and STRUUID return fresh RFC 4122 identifiers (§17.4.2.12–13)', async (t) => {
  const ctx = context();
  const uuid = callWith(ctx, 'uuid');
  t.equal(uuid.termType, 'NamedNode');
  t.match(uuid.value, /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  t.not(uuid.value, callWith(ctx, 'uuid').value);
  const str = callWith(ctx, 'struuid');
  t.equal(str.termType, 'Literal');
  t.match(str.value, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
