import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashCycle, MODES } from './crash.ts';

// A few dozen kills in CI; `npm run soak:native` runs hundreds.
const cycles = Number(process.env.SVC_CRASH_CYCLES ?? 18);

t.test('a writer killed at random moments leaves a store that checks clean and holds exactly its commits', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-crash-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  let seed = 12345;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) >>> 0) % n;
  let progressed = 0;
  for (let i = 0; i < cycles; i++) {
    const mode = MODES[i % MODES.length]!;
    const result = await crashCycle(dir, mode, 20 + random(400));
    t.same(result.problems, [], `cycle ${i} (${mode}, killed after ${result.killedAfterMs} ms): store at transaction ${result.found}`);
    if (result.found > 0) progressed++;
  }
  t.ok(progressed > 0, 'the writer committed transactions between kills');
});
