import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startRealtimeServer } from '../src/server/__fixtures__/realtimeServer.ts';
const s = await startRealtimeServer();
const client = createClient({ url: s.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
for await (const r of client.iterate({ query: 'subscription { counted(to: 3) }' })) console.log(JSON.stringify(r));
for await (const r of client.iterate({ query: '{ hello user(id: 2) { name } }' })) console.log(JSON.stringify(r));
for await (const r of client.iterate({ query: 'mutation { bump }' })) console.log(JSON.stringify(r));
try { for await (const r of client.iterate({ query: '{ nope }' })) console.log(JSON.stringify(r)); } catch (e) { console.log('error', JSON.stringify(e)); }
await client.dispose();
await s.server.close();
console.log('closed');
