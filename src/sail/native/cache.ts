/** Caches of the NativeStore: values (`values.ts`) and pages (`pagefile.ts`). */
/**
 * A bounded cache with near-LRU eviction at O(1) cost and no per-hit
 * reordering: entries live in a young and an old generation; a hit in the old
 * one is promoted; when the young one fills, the old one is dropped whole.
 */
export class GenerationalCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  constructor(private readonly capacity: number) {}
  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }
  set(key: K, value: V): void {
    if (this.young.size >= Math.max(1, this.capacity >> 1)) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
