// Loaded into every contender server with `--import` (and `--expose-gc`), whatever it runs (a
// benchmark script or the sluice CLI): `{ probe: 'memory' }` over IPC answers the heap in use
// after a full collection and the resident set size. The IPC channel does not keep the process
// alive; when it closes (the benchmark went away), the process gets SIGTERM and shuts down as it
// does for its operator.
if (process.send) {
  process.on('message', (message) => {
    if (message?.probe !== 'memory') return;
    globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send({ memory: { heapUsed, rss } });
  });
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.channel?.unref();
}
