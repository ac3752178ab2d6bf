import { readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { runConformance, type CliOutput } from './cli.ts';
import { FIXTURE_DIR, FIXTURE_URL, fixtureSuite } from './runner/fixture.ts';
import { HandlerRegistry } from './runner/registry.ts';
import { SuiteFiles } from './runner/suite-files.ts';
import { RDFT } from './runner/vocab.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliOutput = { out: (l) => out.push(l), err: (l) => err.push(l) };
  return { out, err, io };
}

t.test('--endpoint is required and --profile is checked', async (t) => {
  const missing = capture();
  t.equal(await runConformance([], missing.io), 2);
  t.match(missing.err.join('\n'), /--endpoint URL is required[\s\S]*usage: svc conformance/);
  const badProfile = capture();
  t.equal(await runConformance(['--endpoint', 'http://localhost:1/', '--profile', 'loose'], badProfile.io), 2);
  t.match(badProfile.err.join('\n'), /--profile must be spec or svc/);
});

t.test('with no HTTP suites registered it says so and runs nothing', async (t) => {
  const { out, io } = capture();
  t.equal(await runConformance(['--endpoint', 'http://localhost:1/'], io, []), 0);
  t.match(out.join('\n'), /No HTTP conformance suites are registered yet: nothing was run against http:\/\/localhost:1\//);
});

t.test('runs registered suites with the endpoint in the context, reports failures and writes EARL', async (t) => {
  const seen: string[] = [];
  const handlers = new HandlerRegistry().register(RDFT.TestTurtlePositiveSyntax, async (_test, ctx) => {
    seen.push(`${ctx.endpoint?.href} ${ctx.repository} ${ctx.profile}`);
  });
  const { out, io } = capture();
  const earl = path.join(t.testdir(), 'earl.ttl');
  const args = ['--endpoint', 'http://localhost:1/', '--repository', 'r1', '--profile', 'spec', '--earl', earl];
  const code = await runConformance(args, io, [fixtureSuite({ handlers, mode: 'http' })], new SuiteFiles(FIXTURE_DIR, FIXTURE_URL));
  t.equal(code, 1, 'the stale expected failure is a failure');
  t.same(new Set(seen), new Set(['http://localhost:1/ r1 spec']));
  t.match(out.join('\n'), /FAIL .*#listed-but-passes: passes now/);
  t.match(out.at(-1), /^total: 1 passed, 1 failed, 0 expected failures, 7 skipped$/);
  t.match(await readFile(earl, 'utf8'), /earl:test <https:\/\/tests\.example\/fixtures\/manifest\.ttl#good>/);
});
