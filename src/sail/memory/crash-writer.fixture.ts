/**
 * Child process of `persistence.test.ts`: commits batches of 500 statements to
 * a persistent MemoryStore in `argv[2]` as fast as it can, until killed.
 * Prints `ready` after its first commit.
 */
import { MemoryStore } from './store.ts';
import { literal, namedNode, quad } from '../../rdf/terms.ts';

const store = new MemoryStore({ persist: true, dataDir: process.argv[2] });
await store.init();
const conn = store.connection();
let announced = false;
for (let round = conn.size() / 500; ; round++) {
  conn.begin();
  for (let i = 0; i < 500; i++) conn.addStatement(quad(namedNode(`http://ex.org/s${round}`), namedNode('http://ex.org/p'), literal(`value ${i} "quoted"\n`)));
  await conn.commit();
  if (!announced) process.stdout.write('ready\n');
  announced = true;
}
