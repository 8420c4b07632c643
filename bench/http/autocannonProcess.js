// The autocannon load generator as its own process (argv[2] = JSON options), so that like wrk it
// never shares an event loop with a server. Prints one JSON summary line with its own CPU time.
import autocannon from 'autocannon';

const { url, body, durationS, connections } = JSON.parse(process.argv[2] ?? '{}');
const cpuStart = process.cpuUsage();
const result = await autocannon({
  url,
  method: 'POST',
  body,
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  connections,
  duration: durationS,
});
const cpu = process.cpuUsage(cpuStart);
const seconds = (Date.parse(result.finish) - Date.parse(result.start)) / 1000;
const summary = {
  requests: result.requests.total,
  seconds,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.non2xx, // `errors` already counts timeouts
  errorDetail: `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  generatorCpuMs: (cpu.user + cpu.system) / 1000,
};
process.stdout.write(`AUTOCANNON_JSON ${JSON.stringify(summary)}\n`);
