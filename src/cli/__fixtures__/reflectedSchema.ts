// A `serve --schema` module that reflects a database itself, to add computed fields (docs/pg.md,
// "Computed fields"). FIXTURE_DATABASE is a postgres:// URL or pglite:<dir>.
import { connect, reflect } from '../../pg/index.js';

const given = process.env['FIXTURE_DATABASE'] ?? '';
const client = await connect(
  given.startsWith('pglite:') ? { dataDir: given.slice('pglite:'.length) } : { url: given },
);

export const { schema } = await reflect(client, {
  computed: {
    users: {
      handle: {
        type: 'String!',
        needs: ['username'],
        resolve: (row) => `@${String(row['username'])}`,
      },
    },
  },
});
