/**
 * Configuration errors (spec §2.3): a document that does not describe exactly
 * one valid repository. The message names the property (`config:` spelling)
 * and the node where the problem is, so a user can find it in their Turtle.
 */
export class RepositoryConfigError extends Error {
  override readonly name: string = 'RepositoryConfigError';
  constructor(
    message: string,
    /** The property at fault, as `config:<name>`, when one is. */
    readonly property?: string,
    /** The node at fault, in N-Triples spelling (`_:b0`, `<http://…>`), when one is. */
    readonly node?: string,
  ) {
    super(message);
  }
}

/**
 * A configuration that is valid but asks for something svc does not implement
 * yet (a Sail type). Keeps the name RepositoryConfigError so the server answers 400 as for any bad config.
 */
export class UnsupportedConfigError extends RepositoryConfigError {
}
