/**
 * svc in process on the NativeStore (`src/sail/native/`, default indexes
 * spoc,posc, forceSync off) in the harness's scratch directory; loaded and
 * queried exactly as the MemoryStore engine (`svc.ts`), so its column in the
 * tables compares the two stores directly.
 */
import { NativeStore } from '../../../src/sail/native/store.ts';
import type { Engine, EngineContext } from '../engine.ts';
import { storeEngine } from './svc.ts';

export async function open(ctx: EngineContext): Promise<Engine> {
  return storeEngine('svc-native', new NativeStore({ dataDir: ctx.scratchDir }));
}
