/**
 * The plain-text boolean result (spec §4.15 `text/boolean`, RDF4J's
 * BooleanQueryResultFormat.TEXT): the body is `true` or `false`.
 */
import { type BooleanResultFormat, ParseError } from '../format.ts';
import { readAllText } from '../io.ts';

const NAME = 'Plain text boolean';

export const textBoolean: BooleanResultFormat = {
  kind: 'boolean',
  name: NAME,
  mediaTypes: ['text/boolean'],
  extensions: ['txt'],
  binary: false,
  async parse(input) {
    const text = (await readAllText(input)).trim().toLowerCase();
    if (text === 'true' || text === 'false') return text === 'true';
    throw new ParseError(`expected "true" or "false", found ${JSON.stringify(text.slice(0, 40))}`, NAME, 1);
  },
  write(sink, value) {
    sink.write(String(value));
  },
};
