/**
 * The NativeStore as the store under test of the in-process W3C suites
 * (issue: "the same suite, parameterised by store"): each test gets a fresh
 * store in its own directory under one temporary root, removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sail } from '../../src/sail/sail.ts';
import { NativeStore } from '../../src/sail/native/store.ts';

export function nativeStores(teardown: (cleanup: () => void) => void): () => Promise<Sail> {
  const root = mkdtempSync(join(tmpdir(), 'svc-w3c-native-'));
  teardown(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  return async () => {
    // Small caches: hundreds of tiny stores, each opened and shut down by its test.
    const store = new NativeStore({ dataDir: join(root, String(count++)), pageCacheSize: 64, valueCacheSize: 1024, valueIDCacheSize: 1024 });
    await store.init();
    return store;
  };
}
