import {
  StatementFailure,
  type BatchStatement,
  type QueryOptions,
  type SqlClient,
  type SqlTransaction,
} from './SqlClient.js';

/**
 * Wraps a client and records every statement it runs (tests use it to count round trips). In a
 * transaction (or a transaction batch) it records the statements run through it; the driver's own
 * BEGIN and COMMIT are not among them. A setup (QueryOptions.setup) is recorded before the
 * statement it comes with.
 */
export function countStatements(
  client: SqlClient,
  statements: string[] = [],
): SqlClient & { readonly statements: string[] } {
  return {
    driver: client.driver,
    statements,
    // A client over read replicas: its primary's statements are counted in the same list.
    ...(client.primary ? { primary: countStatements(client.primary, statements) } : {}),
    query(text, values, options) {
      if (options?.setup) statements.push(options.setup.text);
      statements.push(text);
      return client.query(text, values, options);
    },
    ...(client.queryBytes
      ? {
          queryBytes(text: string, values?: ReadonlyArray<unknown>, options?: QueryOptions) {
            if (options?.setup) statements.push(options.setup.text);
            statements.push(text);
            return client.queryBytes!(text, values, options);
          },
        }
      : {}),
    ...(client.transaction
      ? {
          transaction: <T>(
            work: (tx: SqlTransaction) => Promise<T>,
            options?: QueryOptions,
          ): Promise<T> => {
            if (options?.setup) statements.push(options.setup.text);
            return client.transaction!(
              (tx) =>
                work({
                  query(text, values) {
                    statements.push(text);
                    return tx.query(text, values);
                  },
                }),
              options,
            );
          },
        }
      : {}),
    ...(client.transactionBatch
      ? {
          // The statements that ran: all, or up to the failing one (those after it were refused).
          async transactionBatch(batch: ReadonlyArray<BatchStatement>, options?: QueryOptions) {
            try {
              const rows = await client.transactionBatch!(batch, options);
              for (const s of batch) statements.push(s.text);
              return rows;
            } catch (error) {
              const ran = error instanceof StatementFailure ? error.index + 1 : 0;
              for (const s of batch.slice(0, ran)) statements.push(s.text);
              throw error;
            }
          },
        }
      : {}),
    // LISTEN is no statement of a request's: passed through uncounted.
    ...(client.listen ? { listen: client.listen.bind(client) } : {}),
    exec(script) {
      statements.push(script);
      return client.exec(script);
    },
    end: () => client.end(),
  };
}
