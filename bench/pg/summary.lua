-- wrk's done() callback shared by the bench scripts (bench/pg/post.lua, bench/writes/load.lua,
-- loaded with dofile from WRK_SUMMARY_FILE, set by bench/pg/wrk.js): one machine-readable
-- summary line, latencies in microseconds, that bench/pg/wrk.js parses.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,"connectErrors":%.0f,' ..
    '"readErrors":%.0f,"writeErrors":%.0f,"statusErrors":%.0f,"timeouts":%.0f,' ..
    '"p50Us":%.0f,"p95Us":%.0f,"p99Us":%.0f,"maxUs":%.0f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
