import t from 'tap';
import { niceTicks, renderCharts } from './svg.ts';

t.test('ticks are 1/2/2.5/5 steps that cover the range', async (t) => {
  t.same(niceTicks(0, 100_573), [0, 25_000, 50_000, 75_000, 100_000, 125_000]);
  t.same(niceTicks(0, 1), [0, 0.2, 0.4, 0.6, 0.8, 1]);
});

t.test('one polyline per series, same colour for the same name in every chart', async (t) => {
  const svg = renderCharts([
    { title: 'a', xLabel: 'x', yLabel: 'y', series: [{ name: 'svc', points: [[1, 2], [2, 4]] }, { name: 'oxigraph', points: [[1, 1], [2, 1]] }] },
    { title: 'b & c', xLabel: 'x', yLabel: 'y', series: [{ name: 'oxigraph', points: [[1, 3], [2, 5]] }] },
  ]);
  t.equal(svg.match(/<polyline /g)?.length, 3);
  const colours = [...svg.matchAll(/<polyline [^>]*stroke="(#[0-9a-f]+)"/g)].map((m) => m[1]);
  t.equal(colours[1], colours[2], 'oxigraph keeps its colour');
  t.not(colours[0], colours[1]);
  t.match(svg, /b &amp; c/);
});
