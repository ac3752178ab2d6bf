/** The repository the server suites run on: a non-persistent memory store (spec §2.3), created by `PUT /repositories/<id>`. */
export const TEST_REPOSITORY = 'conformance';

export const MEMORY_REPOSITORY_CONFIG = `@prefix config: <tag:svc.org,2023:config/> .
[] a config:Repository ; config:rep.id "${TEST_REPOSITORY}" ;
  config:rep.impl [ config:rep.type "svc:SailRepository" ;
    config:sail.impl [ config:sail.type "svc:MemoryStore" ; config:mem.persist false ] ] .`;
