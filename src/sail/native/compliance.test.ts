/**
 * The store compliance suite (`../compliance.ts`) and the isolation-anomaly
 * table of spec §4.12 run against the NativeStore: the same expectations as
 * the MemoryStore's, so both stores promise the same behaviour per level.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anomalies, sailCompliance, type Anomaly } from '../compliance.ts';
import type { IsolationLevel } from '../sail.ts';
import { NativeStore } from './store.ts';

const dirs: string[] = [];
t.teardown(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function open(): Promise<NativeStore> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-native-compliance-'));
  dirs.push(dir);
  const store = new NativeStore({ dataDir: dir });
  await store.init();
  return store;
}

sailCompliance(open);

/** true = the anomaly happens at that level (as for the MemoryStore). */
const OUTCOMES: Record<IsolationLevel, Record<Anomaly, boolean>> = {
  NONE: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  READ_UNCOMMITTED: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  READ_COMMITTED: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  SNAPSHOT_READ: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  SNAPSHOT: { dirtyRead: false, nonRepeatableRead: false, lostUpdate: false, writeSkew: true },
  SERIALIZABLE: { dirtyRead: false, nonRepeatableRead: false, lostUpdate: false, writeSkew: false },
};

for (const [level, outcomes] of Object.entries(OUTCOMES) as [IsolationLevel, Record<Anomaly, boolean>][]) {
  t.test(`isolation ${level}`, async (t) => {
    for (const [anomaly, happens] of Object.entries(outcomes) as [Anomaly, boolean][]) {
      t.equal(await anomalies[anomaly](open, level), happens, `${anomaly} ${happens ? 'allowed' : 'prevented'}`);
    }
  });
}
