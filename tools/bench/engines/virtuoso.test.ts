import t from 'tap';
import { setIni } from './virtuoso.ts';

const INI = '[Parameters]\nServerPort = 1111\nThreadsPerQuery = 4\n[HTTPServer]\nServerPort = 8890\n';

t.test('setIni changes a key only inside its own section', async (t) => {
  const ini = setIni(INI, 'HTTPServer', 'ServerPort', '127.0.0.1:9999');
  t.match(ini, /\[Parameters\]\nServerPort = 1111\n/);
  t.match(ini, /\[HTTPServer\]\nServerPort = 127\.0\.0\.1:9999\n/);
});

t.test('setIni adds a missing key to its section, and a missing section at the end', async (t) => {
  const added = setIni(INI, 'Parameters', 'DirsAllowed', '/tmp/x');
  t.match(added, /ThreadsPerQuery = 4\nDirsAllowed = \/tmp\/x\n\n?\[HTTPServer\]/);
  t.match(setIni(INI, 'SPARQL', 'ResultSetMaxRows', '1000000'), /\[SPARQL\]\nResultSetMaxRows = 1000000\n$/);
});
