// Peer: PostGraphile 5 (Grafast) serving the reflected database over node:http (grafserv).
// PostGraphile 5 wants Node 22 for Promise.withResolvers (ES2024); the polyfill below is the
// spec's algorithm (ECMA-262 §27.2.4.8), installed before PostGraphile is loaded.
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

// Grafast reads GRAPHILE_ENV before NODE_ENV: production mode, stated explicitly.
process.env.GRAPHILE_ENV ??= 'production';

const { createServer } = await import('node:http');
const { default: pg } = await import('pg');
const { postgraphile } = await import('postgraphile');
const { PostGraphileAmberPreset } = await import('postgraphile/presets/amber');
const { makePgService } = await import('postgraphile/adaptors/pg');
const { grafserv } = await import('postgraphile/grafserv/node');
const { runContender, settings } = await import('./child.js');

runContender(async () => {
  const { databaseUrl, poolSize, host } = settings();
  // Same pool size as every contender; jit = off on every connection (see database.js).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c jit=off' });
  const preset = {
    extends: [PostGraphileAmberPreset],
    pgServices: [makePgService({ pool, schemas: ['public'] })],
    // Plain lists besides connections, so the documents can ask for the same JSON shape.
    schema: { defaultBehavior: '+list' },
    grafserv: { graphiql: false, watch: false },
    grafast: { explain: false },
  };
  const pgl = postgraphile(preset);
  const serv = pgl.createServ(grafserv);
  const server = createServer();
  serv.addTo(server);
  await pgl.getSchema(); // build the schema before the first request is timed
  await new Promise((resolve) => server.listen(0, host, resolve));
  return server.address().port;
});
