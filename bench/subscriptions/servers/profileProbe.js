// Loaded into a contender server with `--import` when the benchmark runs with --cpu-prof: V8's
// CPU profiler through the inspector, started and stopped over IPC so that the profile holds the
// measured events only (not start-up, nor the subscribers connecting). `{ probe: 'profile',
// start: true }` answers `{ profiling: true }`; `{ probe: 'profile', stop: <file> }` writes the
// .cpuprofile there (Chrome DevTools opens it; bench/http/profileSummary.js summarises it) and
// answers `{ profiled: <file> }`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

if (process.send) {
  const session = new Session();
  session.connect();
  process.on('message', (message) => {
    if (message?.probe !== 'profile') return;
    if (message.start) {
      session.post('Profiler.enable');
      session.post('Profiler.setSamplingInterval', { interval: 500 });
      session.post('Profiler.start', () => process.send({ profiling: true }));
      return;
    }
    session.post('Profiler.stop', (error, result) => {
      if (error) process.stderr.write(`profile: ${error.message}\n`);
      else writeFileSync(message.stop, JSON.stringify(result.profile));
      process.send({ profiled: message.stop });
    });
  });
}
