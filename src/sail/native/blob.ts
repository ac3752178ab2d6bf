/**
 * Small blobs in the page file (the NativeStore's namespace table): a chain
 * of pages, written whole on every change (copy-on-write like the trees).
 *
 * Page layout: byte 0 type (3), bytes 1–4 bytes used in this page (uint32 BE),
 * bytes 5–8 next page of the chain (uint32 BE, 0 = last), data from byte 9.
 */
import type { PageAllocator } from './btree.ts';
import { PAGE_BUFFER_SIZE, PAGE_SIZE, type PageFile } from './pagefile.ts';

const BLOB = 3;
const DATA = 9;
const ROOM = PAGE_SIZE - DATA;

export class BlobStore {
  constructor(private readonly file: PageFile) {}

  read(first: number): string {
    const parts: Buffer[] = [];
    for (let id = first; id !== 0; ) {
      const page = this.file.read(id);
      if (page[0] !== BLOB) throw new Error(`page ${id} is not a blob page`);
      parts.push(page.subarray(DATA, DATA + page.readUInt32BE(1)));
      id = page.readUInt32BE(5);
    }
    return Buffer.concat(parts).toString('utf8');
  }

  /** Writes the text into new pages; returns the first page id. */
  write(text: string, pages: PageAllocator): number {
    const bytes = Buffer.from(text, 'utf8');
    const ids = Array.from({ length: Math.max(1, Math.ceil(bytes.length / ROOM)) }, () => pages.allocate());
    ids.forEach((id, i) => {
      const page = Buffer.alloc(PAGE_BUFFER_SIZE);
      const chunk = bytes.subarray(i * ROOM, (i + 1) * ROOM);
      page[0] = BLOB;
      page.writeUInt32BE(chunk.length, 1);
      page.writeUInt32BE(ids[i + 1] ?? 0, 5);
      chunk.copy(page, DATA);
      this.file.put(id, page);
    });
    return ids[0]!;
  }

  free(first: number, pages: PageAllocator): void {
    for (const id of [...this.pages(first)]) pages.release(id);
  }

  *pages(first: number): Generator<number> {
    for (let id = first; id !== 0; id = this.file.read(id).readUInt32BE(5)) yield id;
  }
}
