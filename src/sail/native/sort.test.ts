import t from 'tap';
import { radixOrder } from './sort.ts';

t.test('radixOrder sorts packed statements by any field order, stably', async (t) => {
  const n = 5000;
  const quads = new Uint32Array(n * 4);
  let seed = 3;
  const rand = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) % 70000 + (seed % 3 === 0 ? 0x10000 * 300 : 0);
  for (let i = 0; i < n * 4; i++) quads[i] = i % 4 === 3 ? 0 : rand();
  for (const positions of [[0, 1, 2, 3], [1, 2, 0, 3], [3, 0, 1, 2]]) {
    const order = [...radixOrder(quads, n, positions)];
    const key = (q: number): number[] => positions.map((p) => quads[q * 4 + p]!);
    const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let f = 0; f < 4; f++) if (ka[f] !== kb[f]) return ka[f]! - kb[f]!;
      return a - b;
    });
    t.same(order, expected, `order ${positions.join('')}`);
  }
});
