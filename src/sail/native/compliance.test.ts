/**
 * The store compliance suite (`../compliance.ts`) and the isolation-anomaly
 * table of spec §4.12 run against the NativeStore: the same expectations as
 * the MemoryStore's, so both stores promise the same behaviour per level.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolationTable, sailCompliance } from '../compliance.ts';
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

isolationTable(open);
