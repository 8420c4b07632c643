import { getNamedType, GraphQLBoolean, type FieldNode } from 'graphql';
import { LruCache } from '../../engine/index.js';
import { StatementCache } from '../compile/StatementCache.js';
import { usedVariables, variablesShapeKey } from '../compile/usedVariables.js';
import type { Variables } from '../compile/Param.js';
import type { EventField, EventStatement } from './eventStatement.js';

/** Most subscription documents whose variables' shape functions are kept. */
const MAX_DOCUMENTS = 256;
/** Most event statements kept, over all documents and shapes of their variables. */
export const MAX_STATEMENTS = 512;
/**
 * Most bytes of SQL text kept over all of them. An event statement is a few kB; a statement
 * larger than this is built per subscription and never kept (StatementCache.ts).
 */
const MAX_BYTES = 4 * 1024 * 1024;

/** How a document's variables pick its statement: their shapes, and the Booleans' values. */
type ShapeKey = (variables: Variables) => string;

/**
 * The event statements of a change feed, built once per subscription shape and reused: the
 * document and operation (known by their field nodes, the same objects for every subscription of
 * a document the engine keeps parsed), and the shape of the variables the selection uses
 * (readArgument.ts, `variableShape`), with the values of Boolean variables (`@skip`/`@include`
 * change the selection). Subscriptions of one shape get the same statement, so the same group.
 * Bounded in documents, statements and bytes of SQL text (least recently used go first).
 */
export class EventStatementCache {
  /** A number for each field node seen: the key of a document's fields without printing them. */
  readonly #ids = new WeakMap<FieldNode, number>();
  #nextId = 0;
  readonly #shapes = new LruCache<string, ShapeKey>(MAX_DOCUMENTS);
  readonly #statements = new StatementCache<EventStatement>(MAX_STATEMENTS, MAX_BYTES);

  /**
   * The statement for `field`, built by `build` on the first subscription of its shape. The
   * field nodes name the field, hence its table and operation: one cache per model.
   */
  get(field: EventField, build: () => EventStatement): EventStatement {
    let nodes = '';
    for (const node of field.fieldNodes) {
      let id = this.#ids.get(node);
      if (id === undefined) {
        id = ++this.#nextId;
        this.#ids.set(node, id);
      }
      nodes += `${id},`;
    }
    let shape = this.#shapes.get(nodes);
    if (shape === undefined) {
      shape = shapeKey(field);
      this.#shapes.set(nodes, shape);
    }
    return this.#statements.get(`${nodes}\0${shape(field.variables)}`, build);
  }

  /** How many statements are kept. */
  get size(): number {
    return this.#statements.size;
  }
}

function shapeKey(field: EventField): ShapeKey {
  const shapes = variablesShapeKey(field, field.fieldNodes);
  const booleans = [...usedVariables(field, field.fieldNodes)]
    .filter(([, type]) => getNamedType(type) === GraphQLBoolean)
    .map(([name]) => name);
  return (variables) => {
    let key = shapes(variables);
    for (const name of booleans) key += `${name}:${String(variables[name])};`;
    return key;
  };
}
