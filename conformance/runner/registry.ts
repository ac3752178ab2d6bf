/**
 * Test handlers keyed by test-type IRI (mf:, qt:, ut:, rdft:, ht:, jld:): the
 * runner's dispatch table, after Oxigraph's testsuite. A handler resolves when
 * the implementation passes the test and throws `TestFailure` (or any error)
 * when it does not; `TestSkipped` means the test cannot run in this context
 * (e.g. an HTTP test with no `--endpoint`).
 *
 * Registering a handler is one line:
 *   registry.register(MF.ProtocolTest, runProtocolTest);
 */
import type { TestCase } from './manifest.ts';
import type { RunContext } from './context.ts';

export type TestHandler = (test: TestCase, ctx: RunContext) => Promise<void>;
/** Handlers exported by a handler module, keyed by test-type IRI. */
export type HandlerTable = Readonly<Record<string, TestHandler>>;

/** The implementation failed the test; `diff` is a readable comparison (sorted N-Quads, solutions…). */
export class TestFailure extends Error {
  override readonly name = 'TestFailure';
  constructor(message: string, readonly diff?: string) {
    super(message);
  }
}

/** The test cannot run here; the reason is reported and the test counted as skipped. */
export class TestSkipped extends Error {
  override readonly name = 'TestSkipped';
}

export class HandlerRegistry {
  readonly #handlers = new Map<string, TestHandler>();

  constructor(...tables: HandlerTable[]) {
    for (const table of tables) this.registerAll(table);
  }

  register(typeIri: string, handler: TestHandler): this {
    this.#handlers.set(typeIri, handler);
    return this;
  }

  registerAll(table: HandlerTable): this {
    for (const [typeIri, handler] of Object.entries(table)) this.register(typeIri, handler);
    return this;
  }

  /** The handler of the first of the test's types that has one. */
  handlerFor(test: TestCase): TestHandler | undefined {
    for (const type of test.types) {
      const handler = this.#handlers.get(type);
      if (handler) return handler;
    }
    return undefined;
  }

  get types(): string[] {
    return [...this.#handlers.keys()];
  }
}
