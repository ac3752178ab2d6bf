/** §3.1.5 CLEAR and §3.2 graph management: CREATE, DROP, COPY, MOVE, ADD, with the spec's examples. */
import t from 'tap';
import { storeWith } from './harness.ts';

const DATA = ':d :p 0 . :g1 { :a :p 1 } :g2 { :b :p 2 }';
const N = (n: number) => `"${n}"^^<http://www.w3.org/2001/XMLSchema#integer>`;

t.test('CLEAR / DROP of GRAPH, DEFAULT, NAMED, ALL; a missing graph is not an error', async (t) => {
  const cases: [string, string[]][] = [
    ['CLEAR GRAPH :g1', [`<:b> <:p> ${N(2)} <:g2>`, `<:d> <:p> ${N(0)}`]],
    ['DROP DEFAULT', [`<:a> <:p> ${N(1)} <:g1>`, `<:b> <:p> ${N(2)} <:g2>`]],
    ['CLEAR NAMED', [`<:d> <:p> ${N(0)}`]],
    ['DROP ALL', []],
    ['DROP GRAPH :missing', [`<:a> <:p> ${N(1)} <:g1>`, `<:b> <:p> ${N(2)} <:g2>`, `<:d> <:p> ${N(0)}`]],
    ['CLEAR SILENT GRAPH :missing', [`<:a> <:p> ${N(1)} <:g1>`, `<:b> <:p> ${N(2)} <:g2>`, `<:d> <:p> ${N(0)}`]],
  ];
  for (const [request, expected] of cases) {
    const s = await storeWith(DATA);
    await s.update(request);
    t.same(s.lines(), expected, request);
    await s.close();
  }
});

t.test('CREATE fails on a graph that holds statements, unless SILENT', async (t) => {
  const s = await storeWith(DATA);
  await s.update('CREATE GRAPH :new');
  await t.rejects(s.update('CREATE GRAPH :g1'), { name: 'GraphManagementError', message: /already exists/ });
  await s.update('CREATE SILENT GRAPH :g1');
  t.equal(s.lines().length, 3);
  await s.close();
});

t.test('COPY replaces the destination, MOVE also drops the source, ADD keeps both', async (t) => {
  const cases: [string, string[]][] = [
    ['COPY :g1 TO :g2', [`<:a> <:p> ${N(1)} <:g1>`, `<:a> <:p> ${N(1)} <:g2>`, `<:d> <:p> ${N(0)}`]],
    ['MOVE :g1 TO :g2', [`<:a> <:p> ${N(1)} <:g2>`, `<:d> <:p> ${N(0)}`]],
    ['ADD :g1 TO :g2', [`<:a> <:p> ${N(1)} <:g1>`, `<:a> <:p> ${N(1)} <:g2>`, `<:b> <:p> ${N(2)} <:g2>`, `<:d> <:p> ${N(0)}`]],
    ['COPY DEFAULT TO :g1', [`<:b> <:p> ${N(2)} <:g2>`, `<:d> <:p> ${N(0)}`, `<:d> <:p> ${N(0)} <:g1>`]],
    ['MOVE :g2 TO DEFAULT', [`<:a> <:p> ${N(1)} <:g1>`, `<:b> <:p> ${N(2)}`]],
    ['MOVE :g1 TO :g1', [`<:a> <:p> ${N(1)} <:g1>`, `<:b> <:p> ${N(2)} <:g2>`, `<:d> <:p> ${N(0)}`]],
    ['COPY :missing TO :g2', [`<:a> <:p> ${N(1)} <:g1>`, `<:d> <:p> ${N(0)}`]],
  ];
  for (const [request, expected] of cases) {
    const s = await storeWith(DATA);
    await s.update(request);
    t.same(s.lines(), expected, request);
    await s.close();
  }
});
