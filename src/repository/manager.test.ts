/**
 * The repository manager (§2.3, §4.2, §4.4; decisions.md "Repositories"): the
 * data-dir layout, create/update/config/remove, repositories reloading at open,
 * a broken repository reported while the others serve, the default repository.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { literal, namedNode, quad } from '../rdf/terms.ts';
import { readConfigDocument } from './config/document.ts';
import { RepositoryConfigError } from './config/errors.ts';
import { parseRepositoryConfig } from './config/parse.ts';
import { RepositoryExistsError, RepositoryManager, UnknownRepositoryError } from './manager.ts';

const FIXTURES = new URL('../../fixtures/config/', import.meta.url);

function tempDir(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-manager-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function fixture(name: string) {
  return readConfigDocument(readFileSync(new URL(name, FIXTURES)));
}

/** The memory.ttl fixture under another id. */
async function memoryConfig(id: string) {
  const text = readFileSync(new URL('memory.ttl', FIXTURES), 'utf8').replace('"memory"', JSON.stringify(id));
  return readConfigDocument(text);
}

t.test('create: the layout on disk, list, get, config', async (t) => {
  const dir = tempDir(t);
  const manager = await RepositoryManager.open(dir, { createDefault: false });
  t.same(manager.list(), []);
  await manager.create('memory', await fixture('memory.legacy.ttl'));
  const configFile = join(dir, 'repositories', 'memory', 'config.ttl');
  t.ok(existsSync(configFile), 'repositories/<id>/config.ttl');
  t.notOk(existsSync(configFile + '.part'), 'no temp file left');
  t.match(readFileSync(configFile, 'utf8'), 'tag:svc.org,2023:config/', 'written in the unified vocabulary');
  t.same(manager.list(), [{ id: 'memory', title: 'Memory store', readable: true, writable: true }]);
  t.ok(manager.get('memory'));
  t.equal(manager.get('nope'), undefined);
  t.same(parseRepositoryConfig(manager.config('memory')).config, parseRepositoryConfig(await fixture('memory.ttl')).config, 'config() reads back as given');
  t.throws(() => manager.config('nope'), UnknownRepositoryError);
  await manager.shutdown();
});

t.test('create: the id must match, exist only once, and the stack must be supported', async (t) => {
  const manager = await RepositoryManager.open(tempDir(t), { createDefault: false });
  await t.rejects(manager.create('other', await fixture('memory.ttl')), RepositoryConfigError, 'URL id ≠ config:rep.id');
  await manager.create('memory', await fixture('memory.ttl'));
  await t.rejects(manager.create('memory', await fixture('memory.ttl')), RepositoryExistsError);
  await t.rejects(manager.create('memory-rdfs', await fixture('memory-rdfs.ttl')), { message: 'svc:SchemaCachingRDFSInferencer is not supported yet' });
  t.equal(manager.get('memory-rdfs'), undefined);
  t.notOk(existsSync(join(manager.dataDir, 'repositories', 'memory-rdfs')), 'a failed create leaves no directory');
  const twice = await Promise.allSettled([manager.create('twin', await memoryConfig('twin')), manager.create('twin', await memoryConfig('twin'))]);
  t.same(twice.map((r) => r.status).sort(), ['fulfilled', 'rejected'], 'two concurrent creates of one id: one wins');
  await manager.shutdown();
});

t.test('repositories load again at open; a broken one is reported and skipped', async (t) => {
  const dir = tempDir(t);
  const first = await RepositoryManager.open(dir, { createDefault: false });
  await first.create('native', await fixture('native.ttl'));
  await first.create('endpoint', await fixture('sparql.ttl'));
  const connection = await first.get('native')!.connection();
  await connection.begin();
  connection.add(quad(namedNode('http://example.org/a'), namedNode('http://example.org/p'), literal('x')));
  await connection.commit();
  await connection.close();
  await first.shutdown();

  mkdirSync(join(dir, 'repositories', 'broken'));
  writeFileSync(join(dir, 'repositories', 'broken', 'config.ttl'), '@prefix config: <tag:svc.org,2023:config/>. [] config:rep.id "broken" .');
  mkdirSync(join(dir, 'repositories', 'empty'));
  mkdirSync(join(dir, 'repositories', 'moved'));
  writeFileSync(join(dir, 'repositories', 'moved', 'config.ttl'), readFileSync(new URL('sparql.ttl', FIXTURES)));

  const second = await RepositoryManager.open(dir);
  t.same(second.list().map((r) => r.id), ['endpoint', 'native'], 'the good ones serve, no default added');
  t.same(second.problems.map((p) => p.id), ['broken', 'empty', 'moved']);
  t.match(second.problems[0]!.error.message, 'config:rep.impl');
  t.match(second.problems[1]!.error.message, 'repositories/empty has no readable config.ttl');
  t.match(second.problems[2]!.error.message, 'config:rep.id');
  t.equal(await (await second.get('native')!.connection()).size(), 1, 'native data survived the restart');
  t.ok(await second.remove('broken'), 'a broken repository can be removed');
  t.notOk(existsSync(join(dir, 'repositories', 'broken')));
  t.same(second.problems.map((p) => p.id), ['empty', 'moved']);
  await second.shutdown();
});

t.test('update replaces the config and keeps the data directory', async (t) => {
  const dir = tempDir(t);
  const manager = await RepositoryManager.open(dir, { createDefault: false });
  await manager.create('native', await fixture('native.ttl'));
  const updated = await fixture('native-custom-indexes.ttl');
  await t.rejects(manager.update('native', updated), RepositoryConfigError, 'id must still match');
  const text = readFileSync(new URL('native-custom-indexes.ttl', FIXTURES), 'utf8').replace('"native-custom"', '"native"');
  await manager.update('native', await readConfigDocument(text));
  t.equal(manager.list()[0]!.title, 'Native store with custom indexes');
  t.match(readFileSync(join(dir, 'repositories', 'native', 'config.ttl'), 'utf8'), 'cspo');
  await t.rejects(manager.update('nope', await memoryConfig('nope')), UnknownRepositoryError);
  await manager.shutdown();
});

t.test('remove deletes config and data', async (t) => {
  const dir = tempDir(t);
  const manager = await RepositoryManager.open(dir, { createDefault: false });
  await manager.create('native', await fixture('native.ttl'));
  t.ok(await manager.remove('native'));
  t.notOk(existsSync(join(dir, 'repositories', 'native')));
  t.equal(manager.get('native'), undefined);
  t.notOk(await manager.remove('native'), 'nothing left to remove');
  t.notOk(await manager.remove('..'), 'an unsafe id is never a path');
  await manager.shutdown();
});

t.test('an empty data dir gets the default repository, persistent', async (t) => {
  const dir = tempDir(t);
  const first = await RepositoryManager.open(dir);
  t.same(first.problems, []);
  t.same(first.list(), [{ id: 'default', title: 'Default repository', readable: true, writable: true }]);
  t.ok(existsSync(join(dir, 'repositories', 'default', 'config.ttl')));
  const connection = await first.get('default')!.connection();
  await connection.begin();
  connection.add(quad(namedNode('http://example.org/a'), namedNode('http://example.org/p'), literal('kept')));
  await connection.commit();
  await connection.close();
  await first.shutdown();
  const second = await RepositoryManager.open(dir);
  t.equal(await (await second.get('default')!.connection()).size(), 1, 'its data survives a restart');
  await second.shutdown();
});
