/** §7: domain errors map to statuses and LABEL: message bodies; never a stack trace. */
import t from 'tap';
import { toProtocolError } from './errors.ts';
import { ParseError } from '../formats/format.ts';
import { ParameterError } from '../rdf/ntriples.ts';
import { ConflictError, UnsupportedIsolationLevelError } from '../sail/errors.ts';
import { MalformedQueryError, QueryTimeoutError } from '../sparql/api.ts';
import { RepositoryConfigError, UnsupportedConfigError } from '../repository/config/errors.ts';

const named = (name: string, message: string, extra: object = {}) => Object.assign(new Error(message), { name }, extra);

t.test('each error kind has its status and label', async (t) => {
  const cases: [unknown, number, RegExp][] = [
    [new MalformedQueryError('bad'), 400, /^MALFORMED QUERY: bad$/],
    [new ParseError('oops', 'Turtle', 3, 4), 400, /^MALFORMED DATA: oops \(line 3, column 4\)$/],
    [new ParameterError('subj', 'x', 'not a term'), 400, /^MALFORMED PARAMETER: /],
    [new QueryTimeoutError('Query evaluation took too long'), 503, /^TIMEOUT: /],
    [new ConflictError('write skew'), 409, /^CONFLICT: write skew$/],
    [new UnsupportedIsolationLevelError('SERIALIZABLE', ['NONE']), 400, /SERIALIZABLE/],
    [new RepositoryConfigError('config:rep.id missing'), 400, /^MALFORMED DATA: Supplied repository configuration is invalid: /],
    [new UnsupportedConfigError('svc:Nope'), 400, /^MALFORMED DATA: /],
    [named('RepositoryExistsError', 'r exists'), 409, /^REPOSITORY EXISTS: /],
    [named('UnknownRepositoryError', 'Unknown repository: r'), 404, /Unknown repository: r/],
    [named('GraphManagementError', 'graph exists'), 409, /graph exists/],
    [named('LoadError', 'cannot fetch'), 502, /^cannot fetch$/],
    [named('RemoteRepositoryError', 'no', { status: 404 }), 404, /^no$/],
    [named('RemoteRepositoryError', 'down', { status: 0 }), 502, /^down$/],
    [new TypeError('x is undefined'), 500, /^INTERNAL ERROR: x is undefined$/],
    ['a string', 500, /a string/],
  ];
  for (const [error, status, body] of cases) {
    const mapped = toProtocolError(error);
    t.equal(mapped.status, status, String(error));
    t.match(mapped.body, body);
    t.notMatch(mapped.body, /\n\s+at /, 'no stack trace');
  }
});
