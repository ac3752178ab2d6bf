/**
 * Test harness for SPARQL Update, so cases read like the spec's examples:
 * a store filled from TriG, a request run the way the server runs one (one
 * transaction: commit on success, rollback on failure), and the store's
 * content as sorted N-Quads lines with stable blank-node labels.
 */
import { Parser } from 'n3';
import { termKey, type Quad } from '../../rdf/terms.ts';
import { MemoryStore } from '../../sail/memory/store.ts';
import type { SailConnection } from '../../sail/sail.ts';
import type { UpdateOptions } from '../api.ts';
import { prepareUpdate, type UpdateParseOptions } from './update.ts';

export const PREFIXES = 'PREFIX : <http://example.org/> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> ';

export interface TestStore {
  readonly connection: SailConnection;
  /** Runs one request in one transaction; rejects (after rolling back) when the update fails. */
  update(text: string, options?: UpdateOptions, parse?: UpdateParseOptions): Promise<void>;
  /** Sorted N-Quads lines, with `:` for http://example.org/ and blank nodes as `_:`. */
  lines(): string[];
  close(): Promise<void>;
}

/** A MemoryStore holding the TriG `data` (prefix `:` = http://example.org/). */
export async function storeWith(trig = ''): Promise<TestStore> {
  const store = new MemoryStore();
  await store.init();
  const connection = store.connection();
  connection.begin();
  const quads: Quad[] = new Parser({ format: 'application/trig' }).parse(`@prefix : <http://example.org/> . ${trig}`) as Quad[];
  for (const q of quads) connection.addStatement(q);
  await connection.commit();
  return {
    connection,
    async update(text, options = {}, parse = {}) {
      const prepared = prepareUpdate(PREFIXES + text, parse);
      connection.begin();
      try {
        await prepared.execute(connection, options);
      } catch (error) {
        connection.rollback();
        throw error;
      }
      await connection.commit();
    },
    lines: () => {
      const { values } = connection;
      const show = (id: number) => {
        const key = termKey(values.term(id)).replaceAll('<http://example.org/', '<:');
        return key.startsWith('_:') ? '_:' : key;
      };
      return [...connection.match({}, false)].map(([s, p, o, g]) => [s, p, o, g].map(show).join(' ').trim()).sort();
    },
    async close() {
      connection.close();
      await store.shutdown();
    },
  };
}
