import { ANY_WRITE } from '../../engine/index.js';
import type { CatalogTable } from '../catalog/Catalog.js';
import type { Model } from '../schema/Model.js';
import type { SqlNode } from '../sql/SqlNode.js';

/** Reflected relations by `schema\0name`, per model (made once). */
const relationsByModel = new WeakMap<Model, ReadonlyMap<string, CatalogTable>>();

function relationsOf(model: Model): ReadonlyMap<string, CatalogTable> {
  let relations = relationsByModel.get(model);
  if (relations === undefined) {
    const made = new Map<string, CatalogTable>();
    for (const table of model.tables.values())
      made.set(`${table.table.schema}\0${table.table.name}`, table.table);
    relationsByModel.set(model, made);
    relations = made;
  }
  return relations;
}

/** The tag of a reflected relation: `schema.name`, as a trigger's `pg_notify` payload names it. */
export function tableTag(table: Pick<CatalogTable, 'schema' | 'name'>): string {
  return `${table.schema}.${table.name}`;
}

/**
 * Adds to `into` the tag of every reflected relation a statement names (schema-qualified
 * identifiers that are tables or views of the model), and ANY_WRITE for a view, materialized view
 * or foreign table: what they show can change through writes to other tables. Run once per
 * statement built, never per request; linear in the tree (an explicit stack, no recursion).
 */
export function addStatementTags(node: SqlNode, model: Model, into: Set<string>): void {
  const relations = relationsOf(model);
  const stack: SqlNode[] = [node];
  while (stack.length > 0) {
    const next = stack.pop() as SqlNode;
    switch (next.kind) {
      case 'identifier': {
        if (next.parts.length !== 2) break;
        const table = relations.get(`${next.parts[0]}\0${next.parts[1]}`);
        if (table === undefined) break;
        into.add(tableTag(table));
        if (table.kind !== 'table') into.add(ANY_WRITE);
        break;
      }
      case 'join':
      case 'sequence':
        for (const child of next.nodes) stack.push(child);
        break;
      default:
        break;
    }
  }
}
