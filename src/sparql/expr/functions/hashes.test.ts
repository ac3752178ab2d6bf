/** §17.4.6 Hash functions, with the spec's examples (UTF-8 bytes, lowercase hex). */
import t from 'tap';
import { table } from '../harness.ts';

t.test('MD5, SHA1, SHA256, SHA384, SHA512 of "abc"', async (t) => {
  table(t, 'md5', [
    [['"abc"'], '"900150983cd24fb0d6963f7d28e17f72"'],
    [['"abc"^^xsd:string'], '"900150983cd24fb0d6963f7d28e17f72"'],
    [['"abc"@en'], 'error'],
    [['<http://a/>'], 'error'],
  ]);
  table(t, 'sha1', [[['"abc"'], '"a9993e364706816aba3e25717850c26c9cd0d89d"']]);
  table(t, 'sha256', [[['"abc"'], '"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"']]);
  table(t, 'sha384', [
    [['"abc"'], '"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"'],
  ]);
  table(t, 'sha512', [
    [['"abc"'], '"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"'],
  ]);
  table(t, 'md5', [[['"\\u00e9"'], '"66ddcd97cfdeabb2f6fb8a999b4bc76f"']]);
});
