import t from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rdfFormatFor } from '../formats/registry.ts';
import type { Quad } from '../rdf/terms.ts';
import { RepositoryManager } from '../repository/manager.ts';
import { NativeStore } from '../sail/native/store.ts';
import { main } from './main.ts';

const CONFIG = `@prefix config: <tag:svc.org,2023:config/> .
[] a config:Repository ; config:rep.id "nat" ;
   config:rep.impl [ config:rep.type "svc:SailRepository" ; config:sail.impl [ config:sail.type "svc:NativeStore" ] ] .`;

function capture(): { out: string[]; err: string[]; io: { out(l: string): void; err(l: string): void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

t.test('svc load, check and export on a NativeStore repository', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-offline-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const config: Quad[] = [];
  await rdfFormatFor('ttl')!.parse([CONFIG], { quad: (q) => config.push(q) });
  const manager = await RepositoryManager.open(dir);
  await manager.create('nat', config);
  await manager.shutdown();
  const data = join(dir, 'data.ttl');
  writeFileSync(data, '@prefix ex: <http://example.org/> .\nex:a ex:p ex:b, ex:c ; ex:q "x"@en .\n');

  const load = capture();
  t.equal(await main(['load', '--data-dir', dir, '--repository', 'nat', data], load.io), 0, load.err.join('\n'));
  t.match(load.out.join('\n'), /loaded 3 statements into nat/);

  const store = join(dir, 'repositories', 'nat');
  const check = capture();
  t.equal(await main(['check', store], check.io), 0);
  t.match(check.out.join('\n'), /3 statements.*indexes spoc, posc[\s\S]*ok/);

  const out = join(dir, 'out.nq');
  t.equal(await main(['export', store, '--out', out], capture().io), 0);
  t.equal(readFileSync(out, 'utf8').trim().split('\n').length, 3, 'every statement exported');

  const bad = capture();
  t.equal(await main(['load', '--data-dir', dir, '--repository', 'nat', join(dir, 'x.unknown')], bad.io), 2);
  t.match(bad.err.join('\n'), /no RDF format for/);
  const broken = join(dir, 'broken.ttl');
  writeFileSync(broken, '@prefix ex: <http://example.org/> .\nex:d ex:p ex:e .\nex:oops ex:p\n');
  const failed = capture();
  t.equal(await main(['load', '--data-dir', dir, '--repository', 'nat', broken], failed.io), 1);
  t.match(failed.err.join('\n'), /nothing was loaded/);
  const after = capture();
  await main(['check', store], after.io);
  t.match(after.out.join('\n'), /3 statements/, 'a failed load changes nothing');
});

t.test('svc check reports an index that disagrees with the others', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-check-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const store = new NativeStore({ dataDir: dir });
  await store.init();
  const conn = store.connection();
  conn.begin();
  const { df } = await import('../rdf/terms.ts');
  for (let i = 0; i < 50; i++) conn.addStatement(df.quad(df.namedNode(`http://e/s${i}`), df.namedNode('http://e/p'), df.literal(`o${i}`)));
  await conn.commit();
  // Damage one leaf record of the second index (posc) behind the store's back.
  const posc = store.head.statements[1]!;
  await store.shutdown();
  const pages = join(dir, 'pages.db');
  const bytes = readFileSync(pages);
  bytes.writeUInt32BE(0xdead, posc * 8192 + 8 + 17 * 3 + 8);
  writeFileSync(pages, bytes);
  const report = capture();
  t.equal(await main(['check', dir], report.io), 1);
  t.match(report.err.join('\n'), /index posc/);
});
