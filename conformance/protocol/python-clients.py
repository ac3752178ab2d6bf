"""SPARQLWrapper and rdflib against a live svc repository (decisions.md: real clients work unchanged).

Usage: python3 python-clients.py <repository URL>. Prints one line per check; exits non-zero on the first failure.
"""
import sys
from SPARQLWrapper import SPARQLWrapper, JSON, POST, XML
from rdflib import Graph, URIRef, Literal
from rdflib.plugins.stores.sparqlstore import SPARQLUpdateStore

endpoint = sys.argv[1]

update = SPARQLWrapper(endpoint + '/statements')
update.setMethod(POST)
update.setQuery('INSERT DATA { <http://example.org/a> <http://example.org/b> "c" }')
assert update.query().response.status == 204
print('SPARQLWrapper update ok')

query = SPARQLWrapper(endpoint)
query.setReturnFormat(JSON)
query.setQuery('SELECT ?o WHERE { <http://example.org/a> <http://example.org/b> ?o }')
assert [b['o']['value'] for b in query.query().convert()['results']['bindings']] == ['c']
query.setQuery('ASK { ?s ?p "c" }')
assert query.query().convert()['boolean'] is True
query.setReturnFormat(XML)
query.setQuery('SELECT ?o WHERE { ?s ?p ?o }')
assert len(query.query().convert().getElementsByTagName('result')) == 1
print('SPARQLWrapper query ok')

graph = Graph(SPARQLUpdateStore(endpoint, endpoint + '/statements'), identifier=URIRef('http://example.org/g'))
graph.add((URIRef('http://example.org/x'), URIRef('http://example.org/y'), Literal('z')))
assert len(graph) == 1
assert [str(row[0]) for row in graph.query('SELECT ?o WHERE { ?s <http://example.org/y> ?o }')] == ['z']
print('rdflib SPARQLUpdateStore ok')
