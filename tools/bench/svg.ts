/**
 * A small SVG line-chart writer for the scale suite's plot: linear axes with
 * "nice" ticks, one coloured polyline with point markers per series, a legend.
 * Our own few lines instead of a plotting dependency.
 */
export interface Series {
  readonly name: string;
  readonly points: readonly (readonly [x: number, y: number])[];
}

export interface Chart {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
}

const WIDTH = 480;
const HEIGHT = 320;
const MARGIN = { left: 70, right: 20, top: 30, bottom: 70 };
const COLOURS = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf'];

/** Charts side by side in one SVG document; series with the same name get the same colour in every chart. */
export function renderCharts(charts: readonly Chart[]): string {
  const names = [...new Set(charts.flatMap((c) => c.series.map((s) => s.name)))];
  const colour = (name: string) => COLOURS[names.indexOf(name) % COLOURS.length]!;
  const parts = charts.map((chart, i) => `<g transform="translate(${i * WIDTH},0)">${renderChart(chart, colour)}</g>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * charts.length}" height="${HEIGHT}" viewBox="0 0 ${WIDTH * charts.length} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

function renderChart(chart: Chart, colour: (name: string) => string): string {
  const all = chart.series.flatMap((s) => s.points);
  const xTicks = niceTicks(0, Math.max(1, ...all.map(([x]) => x)));
  const yTicks = niceTicks(0, Math.max(1e-9, ...all.map(([, y]) => y)));
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sx = (x: number) => MARGIN.left + (x / xTicks[xTicks.length - 1]!) * plotW;
  const sy = (y: number) => MARGIN.top + plotH - (y / yTicks[yTicks.length - 1]!) * plotH;
  const out: string[] = [`<text x="${WIDTH / 2}" y="18" text-anchor="middle" font-size="13" font-weight="bold">${escape(chart.title)}</text>`];
  for (const t of yTicks) {
    out.push(`<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${sy(t)}" y2="${sy(t)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${MARGIN.left - 6}" y="${sy(t) + 4}" text-anchor="end">${tickLabel(t)}</text>`);
  }
  for (const t of xTicks) out.push(`<text x="${sx(t)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${tickLabel(t)}</text>`);
  out.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - MARGIN.bottom + 32}" text-anchor="middle">${escape(chart.xLabel)}</text>`);
  out.push(`<text transform="translate(14,${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escape(chart.yLabel)}</text>`);
  chart.series.forEach((s, i) => {
    const c = colour(s.name);
    const pts = s.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
    if (pts.length > 1) out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${c}" stroke-width="2"/>`);
    for (const p of pts) out.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${c}"/>`);
    const lx = MARGIN.left + (i % 4) * 100;
    const ly = HEIGHT - 14 - Math.floor(i / 4) * 14;
    out.push(`<rect x="${lx}" y="${ly - 8}" width="10" height="10" fill="${c}"/><text x="${lx + 14}" y="${ly + 1}">${escape(s.name)}</text>`);
  });
  return out.join('\n');
}

/** 1, 2, 2.5 or 5 × 10^k steps from `min` to at least `max`, about five of them. */
export function niceTicks(min: number, max: number): number[] {
  const raw = (max - min) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; ; t += step) {
    ticks.push(Number(t.toPrecision(12)));
    if (t >= max) return ticks;
  }
}

function tickLabel(value: number): string {
  if (value >= 1e6) return `${Number((value / 1e6).toPrecision(3))}M`;
  if (value >= 1e3) return `${Number((value / 1e3).toPrecision(3))}k`;
  return String(Number(value.toPrecision(3)));
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
