import t from 'tap';
import { ForwardingConnection, ForwardingSail } from './forwarding.ts';
import { MemoryStore } from './memory/store.ts';
import type { SailConnection } from './sail.ts';
import { literal, namedNode, quad, type Quad } from '../rdf/terms.ts';

const ex = (n: string) => namedNode(`http://ex.org/${n}`);

/** An adapter that changes one call: every explicit statement also yields an inferred `ex:seen` marker. */
class MarkingConnection extends ForwardingConnection {
  override addStatement(q: Quad): void {
    super.addStatement(q);
    this.addInferred(quad(q.subject, ex('seen'), literal('yes')));
  }
}

class MarkingSail extends ForwardingSail {
  protected override wrap(connection: SailConnection): SailConnection {
    return new MarkingConnection(connection);
  }
}

t.test('an adapter overrides one call and every other call reaches the delegate', async (t) => {
  const base = new MemoryStore();
  const sail = new MarkingSail(base);
  await sail.init();
  t.equal(sail.defaultIsolationLevel, 'SNAPSHOT_READ');
  t.equal(sail.values, base.values);
  const conn = sail.connection();
  conn.begin('SNAPSHOT');
  t.equal(conn.active, true);
  conn.addStatement(quad(ex('a'), ex('p'), ex('b')));
  conn.setNamespace('ex', 'http://ex.org/');
  await conn.prepare();
  await conn.commit();
  t.equal(conn.size(undefined, false), 1, 'explicit statement forwarded');
  t.equal(conn.size(), 2, 'the adapter added its inferred statement');
  t.equal(conn.getNamespace('ex'), 'http://ex.org/');
  const plain = base.connection();
  t.equal(plain.size(), 2, 'the changes are in the base store');
  conn.begin();
  t.equal(conn.removeInferred({}), 1);
  await conn.commit();
  t.equal(plain.size(), 1);
  conn.close();
  await sail.shutdown();
});
