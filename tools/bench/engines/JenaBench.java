// The JVM side of tools/bench/engines/jena.ts: Apache Jena ARQ over an
// in-memory transactional dataset (mem) or a TDB2 database (tdb2), driven by
// one command per line on stdin, one answer per line on stdout:
//   load <file>        -> "ok <triples in the store>"   (N-Triples, e.g. a FIFO)
//   query <base64>     -> "ok <result count>"           (rows, triples, or 1/0 for ASK)
// Anything that goes wrong answers "err <message>". Run as a single-file
// source program: java -cp '/usr/share/java/*' JenaBench.java mem|tdb2 [dir]
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import org.apache.jena.query.*;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.TDB2Factory;

public class JenaBench {
  public static void main(String[] args) throws Exception {
    org.apache.jena.sys.JenaSystem.init();
    Dataset ds = args[0].equals("tdb2") ? TDB2Factory.connectDataset(args[1]) : DatasetFactory.createTxnMem();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    out.println("ready");
    for (String line; (line = in.readLine()) != null; ) {
      try {
        if (line.startsWith("load ")) out.println("ok " + load(ds, line.substring(5)));
        else if (line.startsWith("query ")) out.println("ok " + query(ds, new String(Base64.getDecoder().decode(line.substring(6)), StandardCharsets.UTF_8)));
        else out.println("err unknown command");
      } catch (Throwable e) {
        out.println("err " + String.valueOf(e).replace('\n', ' '));
      }
    }
  }

  static long load(Dataset ds, String file) throws IOException {
    try (InputStream input = new BufferedInputStream(new FileInputStream(file), 1 << 20)) {
      Txn.executeWrite(ds, () -> RDFParser.source(input).lang(Lang.NTRIPLES).parse(ds.asDatasetGraph()));
    }
    return Txn.calculateRead(ds, () -> ds.getDefaultModel().size());
  }

  static long query(Dataset ds, String sparql) {
    return Txn.calculateRead(ds, () -> {
      try (QueryExecution qe = QueryExecutionFactory.create(sparql, ds)) {
        Query q = qe.getQuery();
        if (q.isAskType()) return qe.execAsk() ? 1L : 0L;
        Iterator<?> it = q.isSelectType() ? qe.execSelect() : q.isConstructType() ? qe.execConstructTriples() : qe.execDescribeTriples();
        long n = 0;
        while (it.hasNext()) { it.next(); n++; }
        return n;
      }
    });
  }
}
