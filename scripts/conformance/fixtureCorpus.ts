import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A small corpus in the shared corpus's layout, for the runner's own tests (written to a temporary
 * folder at test time, so the repository does not need the shared corpus, and formatters never see
 * the deliberately broken documents).
 *
 * 8 cases: `kitchen` has 7 scored cases (5 executed, 2 rejected by graphql-js: one by validate, one
 * by parse), `broken` has 1 case graphql-js cannot answer (its schema does not build).
 */
export const fixtureFiles: Readonly<Record<string, string>> = {
  'kitchen/schema.graphqls': `
scalar DateTime
enum Color { RED GREEN BLUE }
union CaseUnion = SortMa | SortMB
type SortMa { maField: String }
type SortMB { mbField: String }
interface Named { name: String }
type Zed implements Named { name: String zed: Int }
type Alpha implements Named { name: String alpha: Float }
input Filter { color: Color! limit: Int = 3 }
type Item {
  id: ID!
  label: String
  tags: [String!]!
  matrix: [[Int]]
  when: DateTime
  color: Color
}
type Query {
  item(id: ID!): Item
  items(filter: Filter, first: Int): [Item!]!
  pick: CaseUnion
  named: Named!
  flag: Boolean
}
`,
  'kitchen/shapes/query.graphql': `
{
  flag
  first: item(id: "1") { id label tags matrix when color __typename }
  pick { __typename ... on SortMa { maField } ... on SortMB { mbField } }
  named { name ... on Zed { zed } ... on Alpha { alpha } __typename }
  items { ...itemFields hidden: label @skip(if: true) shown: label @include(if: true) }
}
fragment itemFields on Item { id tags }
`,
  'kitchen/vars/query.graphql': `
query Vars($id: ID!, $filter: Filter, $first: Int = 5) {
  item(id: $id) { id label }
  items(filter: $filter, first: $first) { color }
}
`,
  'kitchen/vars/ok/variables.json': '{"id": "7", "filter": {"color": "GREEN"}}',
  'kitchen/vars/null-id/variables.json': '{"id": null}',
  'kitchen/vars/bad-enum/variables.json':
    '{"id": "1", "filter": {"color": "PURPLE"}, "first": "many"}',
  'kitchen/two-ops/query.graphql': 'query A { flag } query B { pick { __typename } }',
  'kitchen/unknown-field/query.graphql': '{ flag nope item { idd } }',
  'kitchen/syntax/query.graphql': '{ flag item(id: ) }',
  'broken/schema.graphqls': 'type Query { a: Missing }',
  'broken/q/query.graphql': '{ a }',
};

/** Writes the fixture corpus to a new temporary folder and returns its path. */
export function writeFixtureCorpus(): string {
  const root = mkdtempSync(join(tmpdir(), 'sluice-conformance-'));
  for (const [path, text] of Object.entries(fixtureFiles)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
