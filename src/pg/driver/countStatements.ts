import type { QueryOptions, SqlClient } from './SqlClient.js';

/** Wraps a client and records every statement it runs (tests use it to count round trips). */
export function countStatements(client: SqlClient): SqlClient & { readonly statements: string[] } {
  const statements: string[] = [];
  return {
    driver: client.driver,
    statements,
    query(text, values, options) {
      statements.push(text);
      return client.query(text, values, options);
    },
    ...(client.queryBytes
      ? {
          queryBytes(text: string, values?: ReadonlyArray<unknown>, options?: QueryOptions) {
            statements.push(text);
            return client.queryBytes!(text, values, options);
          },
        }
      : {}),
    exec(script) {
      statements.push(script);
      return client.exec(script);
    },
    end: () => client.end(),
  };
}
