import { afterAll, beforeAll } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/index.js';
import { introspect } from '../../../src/pg/catalog/introspect.js';
import { reflect } from '../../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './testDatabase.js';

/**
 * A test database made by `ddl`, with the change triggers of `sluice db triggers` on every table,
 * reflected with change events (no heartbeat) into an engine, for the file's tests; the LISTEN
 * is closed after them.
 */
export function useChangeEventsDatabase(ddl: string): {
  readonly db: ReturnType<typeof useTestDatabase>;
  engine(): Engine;
  changes(): PgChanges | undefined;
} {
  const db = useTestDatabase(async (client) => {
    await client.exec(ddl);
    const catalog = await introspect(client, ['public']);
    await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
  });
  let engine: Engine | undefined;
  let changes: PgChanges | undefined;
  beforeAll(async () => {
    const reflection = await reflect(db.client, { changeEvents: { heartbeatMs: 0 } });
    changes = reflection.changes;
    engine = createEngine({ schema: reflection.schema });
  });
  afterAll(async () => {
    await changes?.close();
  });
  return {
    db,
    engine: () => {
      if (engine === undefined) throw new Error('useChangeEventsDatabase: used before beforeAll');
      return engine;
    },
    changes: () => changes,
  };
}
