import { createClient } from 'graphql-sse';
import { startRealtimeServer } from '../src/server/__fixtures__/realtimeServer.ts';
const s = await startRealtimeServer();
const client = createClient({ url: s.url, retryAttempts: 0 });
for await (const r of client.iterate({ query: 'subscription { counted(to: 3) }' })) console.log(JSON.stringify(r));
for await (const r of client.iterate({ query: '{ hello user(id: 2) { name } }' })) console.log(JSON.stringify(r));
for await (const r of client.iterate({ query: 'mutation { bump }' })) console.log(JSON.stringify(r));
try { for await (const r of client.iterate({ query: '{ nope }' })) console.log(JSON.stringify(r)); } catch (e) { console.log('error', JSON.stringify(e)); }
const r = await fetch(s.url + '?query=' + encodeURIComponent('subscription { counted(to: 2) }'), { headers: { accept: 'text/event-stream' } });
console.log(r.status, await r.text());
const r2 = await fetch(s.url + '?query=' + encodeURIComponent('subscription { counted(to: 2) }'), { headers: { accept: 'text/event-stream', 'x-graphql-csrf': '1' } });
console.log(r2.status, [...r2.headers].join(' | '), await r2.text());
client.dispose();
await s.server.close();
console.log('closed');
