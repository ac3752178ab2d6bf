/**
 * JSON-LD 1.1 Processing Algorithms §8.4 Serialize RDF as JSON-LD
 * (https://www.w3.org/TR/json-ld11-api/#serialize-rdf-as-json-ld-algorithm), the writer side of spec §4.15
 * `application/ld+json`, with the default options: useRdfType false, useNativeTypes false, rdfDirection null.
 *
 * The algorithm needs the whole dataset: whether a blank node is a list node, or a node object is complete, is
 * known only after the last statement. So statements are folded into per-graph node maps as they arrive
 * (`add`), and lists are converted and node objects produced only at the end (`convert`). Node objects stay in
 * expanded form; `nodeJson` renders one, with IRIs passed through the writer's compaction.
 */
import { type Literal, type Quad, RDF_NS, type Term, termKey, XSD } from '../../rdf/terms.ts';
import { ParseError } from '../format.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A value (§8.4.2 RDF to Object Conversion): a value object, or a node reference. List conversion turns a
 * reference to a list's head into a list object in place (`list` set), so every holder of the reference,
 * including an enclosing list, sees the list.
 */
export type ValueObject = NodeReference | { '@value': Json; '@type'?: string; '@language'?: string };
export interface NodeReference {
  readonly id: string;
  list?: ValueObject[];
}

/** A node object of a node map: `@id`, `@type` (rdf:type objects) and property values without duplicates. */
export interface NodeObject {
  readonly id: string;
  readonly types: Set<string>;
  /** property IRI → (term key of the object → value), so a statement given twice is one value. */
  readonly properties: Map<string, Map<string, ValueObject>>;
}

/** Where a node is referenced from: the spec's usage map {node, property, value}. */
interface Usage {
  readonly node: NodeObject;
  readonly property: string;
  readonly value: NodeReference;
}

interface GraphNodeMap {
  readonly nodes: Map<string, NodeObject>;
  /** The usages of rdf:nil in this graph: where lists end. */
  readonly nilUsages: Usage[];
}

/** A top-level node object, with the node objects of the graph it names, if it names one. */
export interface TopLevelNode {
  readonly node: NodeObject;
  readonly graph?: readonly NodeObject[];
}

const RDF_TYPE = RDF_NS + 'type';
const RDF_FIRST = RDF_NS + 'first';
const RDF_REST = RDF_NS + 'rest';
const RDF_NIL = RDF_NS + 'nil';
const RDF_LIST = RDF_NS + 'List';
const RDF_JSON = RDF_NS + 'JSON';

export class SerializeRdfAsJsonLd {
  private readonly defaultGraph: GraphNodeMap = { nodes: new Map(), nilUsages: [] };
  private readonly namedGraphs = new Map<string, GraphNodeMap>();
  /** Blank nodes seen as an object once (their usage) or more than once (false): §8.4 step 6.1.8. */
  private readonly referencedOnce = new Map<string, Usage | false>();

  /** Steps 5–6: one statement into its graph's node map. */
  add(q: Quad): void {
    const graph = this.graphFor(q.graph);
    const node = nodeIn(graph, nodeId(q.subject));
    const object = q.object;
    const objectIsNode = object.termType === 'NamedNode' || object.termType === 'BlankNode';
    if (objectIsNode) nodeIn(graph, nodeId(object));
    const property = q.predicate.value;
    if (property === RDF_TYPE && objectIsNode) {
      node.types.add(nodeId(object));
      return;
    }
    const valueKey = termKey(object);
    let values = node.properties.get(property);
    if (!values) node.properties.set(property, (values = new Map()));
    if (values.has(valueKey)) return;
    const value = rdfToObject(object);
    values.set(valueKey, value);
    if ('id' in value) this.noteReference(graph, value.id, { node, property, value });
  }

  /** Steps 6.1.8.5–7: rdf:nil usages per graph; blank nodes referenced once may be list nodes. */
  private noteReference(graph: GraphNodeMap, id: string, usage: Usage): void {
    if (id === RDF_NIL) graph.nilUsages.push(usage);
    else if (this.referencedOnce.has(id)) this.referencedOnce.set(id, false);
    else if (isBlank(id)) this.referencedOnce.set(id, usage);
  }

  private graphFor(graph: Term): GraphNodeMap {
    if (graph.termType === 'DefaultGraph') return this.defaultGraph;
    const name = nodeId(graph);
    let map = this.namedGraphs.get(name);
    if (!map) {
      this.namedGraphs.set(name, (map = { nodes: new Map(), nilUsages: [] }));
      nodeIn(this.defaultGraph, name);
    }
    return map;
  }

  /** Steps 7–8: lists folded into `@list`, then the top-level node objects, each with its graph's nodes. */
  *convert(): Iterable<TopLevelNode> {
    for (const graph of [this.defaultGraph, ...this.namedGraphs.values()]) this.convertLists(graph);
    for (const node of this.defaultGraph.nodes.values()) {
      const named = this.namedGraphs.get(node.id);
      if (named) yield { node, graph: [...named.nodes.values()].filter((n) => !isSubjectReference(n)) };
      else if (!isSubjectReference(node)) yield { node };
    }
  }

  /** Step 7: walk back from each rdf:nil through well-formed list nodes and replace the head with a list object. */
  private convertLists(graph: GraphNodeMap): void {
    for (const usage of graph.nilUsages) {
      let { node, property, value } = usage;
      const list: ValueObject[] = [];
      const listNodes: string[] = [];
      while (property === RDF_REST && this.isWellFormedListNode(node)) {
        list.push([...node.properties.get(RDF_FIRST)!.values()][0]!);
        listNodes.push(node.id);
        ({ node, property, value } = this.referencedOnce.get(node.id) as Usage);
        if (!isBlank(node.id)) break;
      }
      value.list = list.reverse();
      for (const id of listNodes) graph.nodes.delete(id);
    }
  }

  /**
   * A blank node referenced once, with exactly one rdf:first and one rdf:rest value, no other property and no
   * type but rdf:List. We also require that it names no graph, so folding it away never drops a graph.
   */
  private isWellFormedListNode(node: NodeObject): boolean {
    if (!isBlank(node.id) || !this.referencedOnce.get(node.id) || this.namedGraphs.has(node.id)) return false;
    const { properties, types } = node;
    return properties.size === 2 && properties.get(RDF_FIRST)?.size === 1 && properties.get(RDF_REST)?.size === 1
      && (types.size === 0 || (types.size === 1 && types.has(RDF_LIST)));
  }
}

/** §8.4.2 RDF to Object Conversion with useNativeTypes false and rdfDirection null. */
export function rdfToObject(term: Term): ValueObject {
  if (term.termType !== 'Literal') return { id: nodeId(term) };
  if (term.language) return { '@value': term.value, '@language': term.language };
  const datatype = term.datatype.value;
  if (datatype === RDF_JSON) return { '@value': parseJsonLiteral(term), '@type': '@json' };
  if (datatype === XSD + 'string') return { '@value': term.value };
  return { '@value': term.value, '@type': datatype };
}

/** An rdf:JSON literal's value; JSON-LD's "invalid JSON literal" error when it is not JSON. */
function parseJsonLiteral(term: Literal): Json {
  try {
    return JSON.parse(term.value) as Json;
  } catch (e) {
    throw new ParseError(`invalid JSON literal ${JSON.stringify(term.value)}: ${(e as Error).message}`, 'JSON-LD');
  }
}

/** A node object as expanded JSON-LD (without `@graph`), with every IRI passed through `iri` (compaction). */
export function nodeJson(node: NodeObject, iri: (iri: string) => string): { [key: string]: Json } {
  const json: { [key: string]: Json } = { '@id': idJson(node.id, iri) };
  if (node.types.size > 0) json['@type'] = [...node.types].map((type) => idJson(type, iri));
  for (const [property, values] of node.properties) {
    json[idJson(property, iri)] = [...values.values()].map((value) => valueJson(value, iri));
  }
  return json;
}

function valueJson(value: ValueObject, iri: (iri: string) => string): Json {
  if ('id' in value) return value.list ? { '@list': value.list.map((item) => valueJson(item, iri)) } : { '@id': idJson(value.id, iri) };
  const type = value['@type'];
  if (type === undefined || type === '@json') return value;
  return { ...value, '@type': iri(type) };
}

/** Blank-node identifiers are written as they are; IRIs go through compaction. */
function idJson(id: string, iri: (iri: string) => string): string {
  return isBlank(id) ? id : iri(id);
}

/** A node reference with nothing else to say is not written as a node object of its own. */
function isSubjectReference(node: NodeObject): boolean {
  return node.types.size === 0 && node.properties.size === 0;
}

function nodeIn(graph: GraphNodeMap, id: string): NodeObject {
  let node = graph.nodes.get(id);
  if (!node) graph.nodes.set(id, (node = { id, types: new Set(), properties: new Map() }));
  return node;
}

/** JSON-LD's identifier for an IRI or blank node: the IRI itself, or `_:` and the label. */
function nodeId(term: Term): string {
  return term.termType === 'BlankNode' ? '_:' + term.value : term.value;
}

/** No IRI starts with `_:` (a scheme cannot start with `_`), so the prefix tells blank nodes apart. */
function isBlank(id: string): boolean {
  return id.startsWith('_:');
}
