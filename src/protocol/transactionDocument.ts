/**
 * The transaction document `application/x-rdftransaction` (§4.5 POST, "structure
 * not shown"; rdf4j-facts §3): an XML `<transaction>` whose children are
 * operations run in document order — `add`, `remove`, `clear`, `setNamespace`,
 * `removeNamespace`, `clearNamespaces`, `sparql`. Values are positional
 * `<uri>`, `<bnode>`, `<literal>` and `<null/>` elements; every value after the
 * third (inside `<contexts>`) is a context, `<null/>` being the default graph.
 */
import { SaxesParser } from 'saxes';
import { blankNode, defaultGraph, literal, namedNode, quad, type GroundTerm, type Graph, type NamedNode, type Quad, type Subject, type Term } from '../rdf/terms.ts';
import type { RepositoryConnection, StatementFilter, UpdateRequest } from '../repository/api.ts';
import type { ByteSource } from '../formats/format.ts';
import { textChunks } from '../formats/io.ts';
import { malformedData } from './errors.ts';

/** One parsed XML element; text is the concatenated character data. */
interface Element {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: Element[];
  text: string;
}

export type TransactionOperation =
  | { readonly op: 'add'; readonly quad: Quad; readonly contexts?: readonly Graph[] }
  | { readonly op: 'remove'; readonly filter: StatementFilter }
  | { readonly op: 'setNamespace'; readonly prefix: string; readonly name: string }
  | { readonly op: 'removeNamespace'; readonly prefix: string }
  | { readonly op: 'clearNamespaces' }
  | { readonly op: 'sparql'; readonly request: UpdateRequest };

/** Reads the whole document (RDF4J does the same) and returns its operations; bad XML → 400 MALFORMED DATA. */
export async function parseTransactionDocument(input: ByteSource): Promise<TransactionOperation[]> {
  const root = await readXml(input);
  if (root.name !== 'transaction') throw malformedData(`expected <transaction>, found <${root.name}>`);
  return root.children.map(operation);
}

async function readXml(input: ByteSource): Promise<Element> {
  const parser = new SaxesParser();
  const stack: Element[] = [];
  let root: Element | undefined;
  let failure: Error | undefined;
  parser.on('error', (e) => (failure ??= e));
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attributes[name] = String(value);
    const element: Element = { name: tag.name, attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('closetag', () => void stack.pop());
  const onText = (text: string) => {
    const top = stack.at(-1);
    if (top) top.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  for await (const chunk of textChunks(input)) {
    parser.write(chunk);
    if (failure) break;
  }
  if (!failure) parser.close();
  if (failure) throw malformedData(failure.message);
  if (!root) throw malformedData('empty transaction document');
  return root;
}

function operation(element: Element): TransactionOperation {
  switch (element.name) {
    case 'add':
    case 'remove': {
      const values = valuesOf(element);
      if (values.length < 3) throw malformedData(`<${element.name}> needs a subject, a predicate and an object`);
      const [s, p, o] = statementTerms(values);
      const contexts = values.slice(3).map(contextOf);
      const filter: StatementFilter = { subject: s, predicate: p, object: o, contexts: contexts.length === 0 ? undefined : contexts };
      if (element.name === 'remove') return { op: 'remove', filter };
      if (!s || !p || !o) throw malformedData('<add> cannot hold <null/> in place of a subject, predicate or object');
      return { op: 'add', quad: quad(s, p, o), contexts: filter.contexts };
    }
    case 'clear': {
      const contexts = valuesOf(element).map(contextOf);
      return { op: 'remove', filter: { contexts: contexts.length === 0 ? undefined : contexts } };
    }
    case 'setNamespace':
      return { op: 'setNamespace', prefix: attribute(element, 'prefix'), name: attribute(element, 'name') };
    case 'removeNamespace':
      return { op: 'removeNamespace', prefix: attribute(element, 'prefix') };
    case 'clearNamespaces':
      return { op: 'clearNamespaces' };
    case 'sparql':
      return { op: 'sparql', request: sparqlUpdate(element) };
    default:
      throw malformedData(`unknown transaction operation <${element.name}>`);
  }
}

/** The value elements of an operation, with those inside `<contexts>` flattened in place. */
function valuesOf(element: Element): (GroundTerm | null)[] {
  return element.children.flatMap((child) => (child.name === 'contexts' ? valuesOf(child) : [value(child)]));
}

function value(element: Element): GroundTerm | null {
  switch (element.name) {
    case 'uri':
      return namedNode(element.text);
    case 'bnode':
      return blankNode(element.text);
    case 'null':
      return null;
    case 'literal': {
      const text = element.attributes['encoding'] === 'base64' ? Buffer.from(element.text, 'base64').toString('utf-8') : element.text;
      const language = element.attributes['xml:lang'];
      const datatype = element.attributes['datatype'];
      return literal(text, language ?? (datatype === undefined ? undefined : namedNode(datatype)));
    }
    default:
      throw malformedData(`unexpected value element <${element.name}>`);
  }
}

/** Subject, predicate, object of an `<add>`/`<remove>`, checked for their kinds; null = wildcard. */
function statementTerms(values: readonly (GroundTerm | null)[]): [Subject | undefined, NamedNode | undefined, GroundTerm | undefined] {
  const [s, p, o] = values;
  if (s && s.termType !== 'NamedNode' && s.termType !== 'BlankNode') throw malformedData('a subject must be a URI or a blank node');
  if (p && p.termType !== 'NamedNode') throw malformedData('a predicate must be a URI');
  return [s ?? undefined, p ?? undefined, o ?? undefined];
}

function contextOf(term: GroundTerm | null): Graph {
  if (term === null) return defaultGraph();
  if (term.termType === 'NamedNode' || term.termType === 'BlankNode') return term;
  throw malformedData('a context must be a URI, a blank node or <null/>');
}

function attribute(element: Element, name: string): string {
  const value = element.attributes[name];
  if (value === undefined) throw malformedData(`<${element.name}> needs the attribute ${name}`);
  return value;
}

/** `<sparql baseURI includeInferred><updateString/><dataset/><bindings/></sparql>`. */
function sparqlUpdate(element: Element): UpdateRequest {
  const child = (name: string) => element.children.find((c) => c.name === name);
  const update = child('updateString')?.text;
  if (update === undefined) throw malformedData('<sparql> needs an <updateString>');
  const dataset = child('dataset');
  const graphs = (name: string): NamedNode[] =>
    dataset?.children.filter((c) => c.name === name).flatMap((c) => c.children.map((g) => namedNode(g.text))) ?? [];
  const insert = dataset?.children.find((c) => c.name === 'defaultInsertGraph');
  const nonEmpty = <T>(list: T[]) => (list.length === 0 ? undefined : list);
  return {
    update,
    baseIRI: element.attributes['baseURI'] || undefined,
    includeInferred: element.attributes['includeInferred'] !== 'false',
    usingGraphs: nonEmpty(graphs('defaultGraphs')),
    usingNamedGraphs: nonEmpty(graphs('namedGraphs')),
    removeGraphs: nonEmpty(graphs('defaultRemoveGraphs')),
    insertGraphs: insert ? [namedNode(insert.text)] : undefined,
    bindings: bindingsOf(child('bindings')),
  };
}

function bindingsOf(element: Element | undefined): Map<string, Term> | undefined {
  if (element === undefined || element.children.length === 0) return undefined;
  const bindings = new Map<string, Term>();
  for (const b of element.children) {
    const name = attribute(b, 'name');
    if (b.name === 'binding_uri') bindings.set(name, namedNode(b.text));
    else if (b.name === 'binding_bnode') bindings.set(name, blankNode(b.text));
    else if (b.name === 'binding_literal') {
      const datatype = b.attributes['dataType'];
      bindings.set(name, literal(b.text, b.attributes['language'] ?? (datatype === undefined ? undefined : namedNode(datatype))));
    } else throw malformedData(`unexpected binding element <${b.name}>`);
  }
  return bindings;
}

/** Runs the operations, in order, on a connection with an active transaction. */
export async function runTransactionDocument(operations: readonly TransactionOperation[], connection: RepositoryConnection): Promise<void> {
  for (const operation of operations) {
    switch (operation.op) {
      case 'add':
        connection.add(operation.quad, operation.contexts);
        break;
      case 'remove':
        await connection.remove(operation.filter);
        break;
      case 'setNamespace':
        await connection.setNamespace(operation.prefix, operation.name);
        break;
      case 'removeNamespace':
        await connection.removeNamespace(operation.prefix);
        break;
      case 'clearNamespaces':
        await connection.clearNamespaces();
        break;
      case 'sparql':
        await connection.update(operation.request);
        break;
    }
  }
}
