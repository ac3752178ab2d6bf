import t from 'tap';
import type { Extra } from 'tap';
import { fixtureContext, fixtureSuite } from './fixture.ts';
import { tapSuite, type TapAssertions } from './tap.ts';

/** Records what tapSuite asserts instead of asserting it. */
function recorder() {
  const calls: { ok: boolean; message: string; extra: Extra }[] = [];
  const comments: string[] = [];
  const assertions: TapAssertions = {
    pass: (message, extra) => calls.push({ ok: true, message, extra }),
    fail: (message, extra) => calls.push({ ok: false, message, extra }),
    comment: (...args) => comments.push(args.join(' ')),
  };
  return { calls, comments, assertions };
}

t.test('one assertion per test: failures plain, expected failures as todo, skips as skip', async (t) => {
  const { calls, comments, assertions } = recorder();
  await tapSuite(assertions, fixtureSuite(), fixtureContext());
  const of = (name: string) => calls.find((c) => c.message.endsWith('#' + name))!;
  t.match(of('good'), { ok: true, extra: {} });
  t.match(of('eval-wrong'), { ok: false, extra: { todo: /wrong\.nt/ } });
  t.match(of('listed-but-passes'), { ok: false, extra: { error: /remove from expected failures/ } });
  t.notOk(of('listed-but-passes').extra.todo, 'an expected failure that passes is a real failure');
  t.match(of('rejected'), { ok: true, extra: { skip: /Rejected/ } });
  t.equal(calls.length, 9);
  t.match(comments, [/fixture: 5 passed, 1 failed, 1 expected failures, 2 skipped/]);
});

t.test('a missing suites folder is one visible skip, never a silent pass', async (t) => {
  const { calls, assertions } = recorder();
  await tapSuite(assertions, fixtureSuite(), fixtureContext('/nonexistent/w3c'));
  t.match(calls, [{ ok: true, extra: { skip: /\/nonexistent\/w3c not found/ } }]);
});
