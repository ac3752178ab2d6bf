/** §18.5.1 set functions, including the error rules and DISTINCT. */
import t from 'tap';
import { literal, termKey, type Term } from '../../rdf/terms.ts';
import { createAggregator } from './index.ts';
import { key, term } from './harness.ts';

/** Runs an aggregate over Turtle-spelled values (`undefined` = unbound or error); "error" for no result. */
function aggregate(name: string, values: (string | undefined)[], distinct = false, separator?: string): string {
  const agg = createAggregator(name, distinct, separator);
  for (const v of values) agg.add(v === undefined ? undefined : term(v));
  const result = agg.result();
  return result === undefined ? 'error' : termKey(result);
}

t.test('COUNT counts bound, non-error values; DISTINCT by term', async (t) => {
  t.equal(aggregate('count', ['1', '2', undefined, '1']), key('4'.replace('4', '3')));
  t.equal(aggregate('count', ['1', '2', undefined, '1'], true), key('2'));
  t.equal(aggregate('count', ['1', '1.0'], true), key('2'), 'DISTINCT is by term, not value');
  t.equal(aggregate('count', []), key('0'));
});

t.test('COUNT(*) with DISTINCT: the engine passes one term per solution identifying it', async (t) => {
  const agg = createAggregator('count', true);
  for (const solution of ['a=1', 'a=2', 'a=1']) agg.add(literal(solution));
  t.equal(termKey(agg.result() as Term), key('2'));
});

t.test('SUM and AVG use numeric addition; a non-numeric or error value makes them errors', async (t) => {
  t.equal(aggregate('sum', ['1', '2', '3']), key('6'));
  t.equal(aggregate('sum', ['1', '2.5']), key('3.5'));
  t.equal(aggregate('sum', ['1', '1.0E0']), key('2.0E0'));
  t.equal(aggregate('sum', []), key('0'));
  t.equal(aggregate('sum', ['1', '"x"']), 'error');
  t.equal(aggregate('sum', ['1', undefined]), 'error');
  t.equal(aggregate('avg', ['1', '2', '3', '4']), key('2.5'));
  t.equal(aggregate('avg', ['1', '2']), key('1.5'));
  t.equal(aggregate('avg', []), key('0'));
  t.equal(aggregate('avg', ['1', '_:b', '3']), 'error');
  t.equal(aggregate('sum', ['1', '2', '1'], true), key('3'));
});

t.test('MIN and MAX follow the ORDER BY order and skip errors', async (t) => {
  t.equal(aggregate('min', ['3', '1.5', '2']), key('1.5'));
  t.equal(aggregate('max', ['3', '1.5', '2']), key('3'));
  t.equal(aggregate('min', ['1', '_:b', '3']), key('_:b'));
  t.equal(aggregate('max', ['1', '"a"', '<http://a/>']), key('"a"'));
  t.equal(aggregate('max', [undefined, '2']), key('2'));
  t.equal(aggregate('min', []), 'error');
});

t.test('SAMPLE returns some value of the group', async (t) => {
  t.equal(aggregate('sample', [undefined, '7', '8']), key('7'));
  t.equal(aggregate('sample', []), 'error');
});

t.test('GROUP_CONCAT joins string values with the separator (default " ")', async (t) => {
  t.equal(aggregate('group_concat', ['"a"', '"b"@en', '1']), key('"a b 1"'));
  t.equal(aggregate('group_concat', ['"a"', '"b"'], false, ', '), key('"a, b"'));
  t.equal(aggregate('group_concat', ['"a"', '"a"', '"b"'], true, '|'), key('"a|b"'));
  t.equal(aggregate('group_concat', []), key('""'));
  t.equal(aggregate('group_concat', ['"a"', '_:b']), 'error');
});

t.test('unknown aggregate names are rejected', async (t) => {
  t.throws(() => createAggregator('median', false), RangeError);
});
