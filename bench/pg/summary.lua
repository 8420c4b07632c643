-- wrk's done() callback shared by the bench scripts (bench/pg/post.lua, bench/writes/load.lua,
-- loaded with dofile from WRK_SUMMARY_FILE, set by bench/pg/wrk.js): one machine-readable
-- summary line, latencies in microseconds, that bench/pg/wrk.js parses. `errorAnswers` is the
-- sum of the threads' global of that name (a script's response() may count answers with GraphQL
-- errors in it; 0 otherwise); `firstError`, a thread's global of that name, is a short text of the
-- first failed answer it saw (load.lua), printed as is.
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests)
  local e = summary.errors
  local errorAnswers = 0
  local firstError = ""
  for _, thread in ipairs(threads) do
    errorAnswers = errorAnswers + (thread:get("errorAnswers") or 0)
    if firstError == "" then firstError = thread:get("firstError") or "" end
  end
  -- As a JSON string: quotes, backslashes and control characters escaped.
  firstError = firstError:gsub('[%c"\\]', function(c) return string.format('\\u%04x', c:byte()) end)
  io.write(string.format(
    'WRK_JSON {"errorAnswers":%.0f,"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,"connectErrors":%.0f,' ..
    '"readErrors":%.0f,"writeErrors":%.0f,"statusErrors":%.0f,"timeouts":%.0f,' ..
    '"p50Us":%.0f,"p95Us":%.0f,"p99Us":%.0f,"maxUs":%.0f,"firstError":"%s"}\n',
    errorAnswers, summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, firstError))
end
