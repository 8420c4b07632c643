-- wrk script for bench/pg: POST the JSON request body from the file named by WRK_BODY_FILE on
-- every connection, then print the summary line of summary.lua. No response() callback: parsing
-- every body would cost wrk CPU that the servers need on a 2-core machine; answers are checked
-- once before the load instead.
local file = assert(io.open(os.getenv("WRK_BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

dofile(os.getenv("WRK_SUMMARY_FILE"))
