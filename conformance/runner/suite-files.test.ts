import path from 'node:path';
import t from 'tap';
import { SuiteFiles, TestFileNotMapped, w3cRoot } from './suite-files.ts';

t.test('local paths and published URLs map both ways, fragments dropped', async (t) => {
  const files = new SuiteFiles('/suites', 'https://w3c.github.io/');
  t.equal(files.urlOf('/suites/rdf-tests/rdf/a b.ttl'), 'https://w3c.github.io/rdf-tests/rdf/a%20b.ttl');
  t.equal(files.pathOf('https://w3c.github.io/rdf-tests/rdf/a%20b.ttl#t1'), path.join('/suites/rdf-tests/rdf/a b.ttl'));
  t.throws(() => files.pathOf('http://example.org/elsewhere.ttl'), TestFileNotMapped);
});

t.test('a longer mounted prefix wins', async (t) => {
  const files = new SuiteFiles('/suites', 'https://w3c.github.io/').mount('https://svc.example/cases/', '/repo/conformance');
  t.equal(files.pathOf('https://svc.example/cases/protocol/4.13.ttl'), path.join('/repo/conformance/protocol/4.13.ttl'));
  t.equal(files.urlOf('/repo/conformance/x.ttl'), 'https://svc.example/cases/x.ttl');
});

t.test('SVC_W3C_DIR overrides the suites root', async (t) => {
  t.equal(w3cRoot({ SVC_W3C_DIR: '/elsewhere' }), '/elsewhere');
  const repo = path.resolve(import.meta.dirname, '../..');
  t.equal(w3cRoot({}), path.join(path.dirname(repo), 'shared', 'w3c'), 'default: shared/w3c beside the checkout');
});
