-- wrk script for bench/pg: POST the JSON request body from the file named by WRK_BODY_FILE on
-- every connection, then print one machine-readable summary line (latencies in microseconds)
-- that bench/pg/wrk.js parses. No response() callback: parsing every body would cost wrk CPU
-- that the servers need on a 2-core machine; answers are checked once before the load instead.
local file = assert(io.open(os.getenv("WRK_BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,"connectErrors":%.0f,' ..
    '"readErrors":%.0f,"writeErrors":%.0f,"statusErrors":%.0f,"timeouts":%.0f,' ..
    '"p50Us":%.0f,"p99Us":%.0f,"maxUs":%.0f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(99), latency.max))
end
