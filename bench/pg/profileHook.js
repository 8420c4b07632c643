// Preload for a contender server (NODE_OPTIONS="--import <this file's URL>", set by paired.js):
// profiles the process from its first HTTP request to exit through the inspector and counts the HTTP requests it
// served. PROFILE_FILE ending in .cpuprofile: V8's CPU profiler (NODE_OPTIONS may not carry
// --cpu-prof); ending in .heapprofile: V8's sampling heap profiler, counting objects that were
// collected again (the garbage a request leaves, which `--heap-prof` misses), and the estimated
// bytes allocated per request printed to stderr. The file is written at exit (Chrome DevTools
// opens both).
import { writeFileSync } from 'node:fs';
import { channel } from 'node:diagnostics_channel';
import { Session } from 'node:inspector';

const file = process.env.PROFILE_FILE;
if (!file) throw new Error('PROFILE_FILE is not set');
const cpu = file.endsWith('.cpuprofile');
let requests = 0;
const session = new Session();
session.connect();
// Started by the first request, so that the profile holds serving, not start-up (reflection,
// module loading).
function start() {
  if (cpu) {
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 1000 });
    session.post('Profiler.start');
  } else {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
}
// Held here: a channel nobody references may be collected, and its subscribers with it.
const started = channel('http.server.request.start');
started.subscribe(() => {
  if (requests++ === 0) start();
});
process.on('exit', () => {
  if (requests === 0) return;
  // A session in the same thread answers synchronously, so this runs before the process ends.
  session.post(cpu ? 'Profiler.stop' : 'HeapProfiler.stopSampling', (error, result) => {
    if (error) return void process.stderr.write(`profile: ${error.message}\n`);
    writeFileSync(file, JSON.stringify(result.profile));
    let note = `profile: ${requests} requests`;
    if (!cpu) {
      let bytes = 0;
      const walk = (node) => {
        bytes += node.selfSize;
        node.children.forEach(walk);
      };
      walk(result.profile.head);
      note += `, ~${Math.round(bytes / Math.max(requests, 1))} bytes allocated per request`;
    }
    process.stderr.write(`${note}\n`);
  });
});
