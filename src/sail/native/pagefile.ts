/**
 * The NativeStore's page file (spec §2.3 NativeStore, index rule 1): fixed-size
 * pages in one file, read through a bounded LRU cache.
 *
 * Pages written by the running transaction ("dirty") are held apart from the
 * cache until they are flushed. Because the B-trees above are copy-on-write
 * (`btree.ts`), a dirty page is never one that a committed tree references, so
 * dirty pages may be flushed early — a bulk load larger than memory streams its
 * new pages to disk and keeps only the cache resident.
 *
 * Layout: page `n` occupies bytes [n × PAGE_SIZE, (n+1) × PAGE_SIZE). Pages 0
 * and 1 are reserved for the commit records (`meta.ts`); tree pages start at 2.
 */
import { GenerationalCache } from './cache.ts';
import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';

export const PAGE_SIZE = 8192;
/**
 * Page buffers carry a little slack past PAGE_SIZE, so a B-tree page may
 * overflow by one entry before it splits; only PAGE_SIZE bytes reach the file.
 */
export const PAGE_BUFFER_SIZE = PAGE_SIZE + 64;
/** Pages 0 and 1 hold the two alternating commit records. */
export const FIRST_TREE_PAGE = 2;

export class PageFile {
  private readonly fd: number;
  /** Clean pages, near-LRU (see GenerationalCache). */
  private readonly cache: GenerationalCache<number, Buffer>;
  private readonly dirty = new Map<number, Buffer>();
  /** One past the highest page id ever allocated or present on disk. */
  pageCount: number;

  constructor(
    readonly path: string,
    cachePages = 4096,
    private readonly maxDirtyPages = 8192,
  ) {
    this.cache = new GenerationalCache(cachePages);
    this.fd = openSync(path, constants.O_RDWR | constants.O_CREAT);
    this.pageCount = Math.max(FIRST_TREE_PAGE, Math.ceil(fstatSync(this.fd).size / PAGE_SIZE));
  }

  /** The page's bytes. The caller must not modify a page it did not get from `allocate` or `writable`. */
  read(id: number): Buffer {
    const dirty = this.dirty.get(id);
    if (dirty) return dirty;
    const cached = this.cache.get(id);
    if (cached) return cached;
    const page = Buffer.alloc(PAGE_BUFFER_SIZE);
    readSync(this.fd, page, 0, PAGE_SIZE, id * PAGE_SIZE);
    this.cache.set(id, page);
    return page;
  }

  /** Marks `page` as the new content of page `id`, to be written at the next flush. */
  put(id: number, page: Buffer): void {
    this.dirty.set(id, page);
    if (id >= this.pageCount) this.pageCount = id + 1;
    if (this.dirty.size > this.maxDirtyPages) this.flush();
  }

  /** Writes every dirty page to the file (not yet durable: see `sync`). */
  flush(): void {
    const ids = [...this.dirty.keys()].sort((a, b) => a - b);
    for (const id of ids) {
      const page = this.dirty.get(id)!;
      writeSync(this.fd, page, 0, PAGE_SIZE, id * PAGE_SIZE);
      this.cache.set(id, page);
    }
    this.dirty.clear();
  }

  /** Drops unflushed pages (a rolled-back or failed commit) so later reads see the file. */
  discardDirty(): void {
    this.dirty.clear();
  }

  /** Writes raw bytes at a byte offset (the commit records in pages 0–1). */
  writeAt(offset: number, bytes: Buffer): void {
    writeSync(this.fd, bytes, 0, bytes.length, offset);
  }

  readAt(offset: number, length: number): Buffer {
    const out = Buffer.alloc(length);
    readSync(this.fd, out, 0, length, offset);
    return out;
  }

  sync(): void {
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
