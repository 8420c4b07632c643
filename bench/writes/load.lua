-- wrk script for bench/writes: POSTs one workload's GraphQL document, with variables that differ
-- on every request for the write workloads, and prints the summary line of bench/pg/summary.lua.
--
-- Environment (set by bench/writes/run.js):
--   WRK_DOCUMENT_FILE  the document, as a JSON string
--   WRK_WORKLOAD       read | create | create-flat | upsert
--   WRK_ALIASED        1: send a batch as variables c0, c1, … each { customer: … } (PostGraphile's
--                      createCustomer input, one aliased root field per row), not as `input`
--   WRK_BATCH          customers per request (create, upsert)
--   WRK_NONCE          a number < 2^31, new for every wrk run: new business keys and names
--                      never repeat across runs on the same fixture
--   WRK_CUSTOMERS      customers in the fixture (upsert renames existing ones)
--   WRK_DUMP, WRK_MAX  verification only: write each request and response body to the file
--                      WRK_DUMP and stop after WRK_MAX responses (run with one connection)
--
-- Request i (counted from 0 on this wrk thread; run wrk with -t 1):
--   create: customers "New <nonce>-<i>-<j>" (j = 0..batch-1), each with one relationship, one
--           contract and two transactions; business keys left to their default
--   create-flat: customers "New <nonce>-<i>-<j>" alone
--   upsert: floor(batch / 2) existing customers renamed "Renamed <nonce>-<i>" (a run of
--           consecutive ids, ascending, so concurrent upserts lock rows in one order), the rest
--           new business keys <nonce>-<j>-4000-9000-<i>; batch 1 alternates new (even i) and
--           existing (odd i)
local file = assert(io.open(os.getenv("WRK_DOCUMENT_FILE"), "rb"))
local document = file:read("*a")
file:close()
local workload = os.getenv("WRK_WORKLOAD")
local batch = tonumber(os.getenv("WRK_BATCH") or "1")
local nonce = tonumber(os.getenv("WRK_NONCE") or "0")
local customers = tonumber(os.getenv("WRK_CUSTOMERS") or "1000")
local fmt = string.format
local concat = table.concat

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
wrk.body = '{"query":' .. document .. '}'

local function createInput(i)
  local items = {}
  for j = 0, batch - 1 do
    local cents = (i * 31 + j * 7) % 500000
    items[#items + 1] = fmt(
      '{"name":"New %d-%d-%d","bankingRelationships":[{"name":"Retail banking",' ..
      '"openedOn":"2024-05-%02d","contracts":[{"product":"Current account","amount":"%d.%02d",' ..
      '"openedOn":"2024-05-%02d","transactions":[' ..
      '{"amount":"%d.%02d","bookedAt":"2024-05-01T09:%02d:00Z","description":"Opening deposit"},' ..
      '{"amount":"-%d.%02d","bookedAt":"2024-05-01T10:%02d:00Z","description":"Coffee \\"beans\\" ☕"}' ..
      ']}]}]}',
      nonce, i, j, 1 + j % 28, math.floor(cents / 100), cents % 100, 1 + j % 28,
      math.floor(cents / 700), math.floor(cents / 7) % 100, j % 60, (j * 13 + i) % 100, i % 100, (i + j) % 60)
  end
  return items
end

local function createFlatInput(i)
  local items = {}
  for j = 0, batch - 1 do
    items[#items + 1] = fmt('{"name":"New %d-%d-%d"}', nonce, i, j)
  end
  return items
end

local function upsertInput(i)
  local existing = math.floor(batch / 2)
  if batch == 1 then existing = i % 2 end
  local items = {}
  for j = 0, batch - existing - 1 do
    items[#items + 1] = fmt('{"businessKey":"%08x-%04x-4000-9000-%012x","name":"Upserted %d-%d-%d"}',
      nonce, j, i, nonce, i, j)
  end
  if existing > 0 then
    -- Consecutive ids first..first+existing-1 within 1..customers, no wrap-around.
    local first = (i * existing) % (customers - existing + 1) + 1
    for id = first, first + existing - 1 do
      items[#items + 1] = fmt('{"businessKey":"00000001-0000-4000-8000-%012x","name":"Renamed %d-%d"}',
        id, nonce, i)
    end
  end
  return items
end

local counter = 0
local lastBody = wrk.body

local inputs = { create = createInput, ["create-flat"] = createFlatInput, upsert = upsertInput }
local aliased = os.getenv("WRK_ALIASED") == "1"

local function variables(items)
  if not aliased then return '{"input":[' .. concat(items, ',') .. ']}' end
  local fields = {}
  for j, item in ipairs(items) do
    fields[j] = fmt('"c%d":{"customer":%s}', j - 1, item)
  end
  return '{' .. concat(fields, ',') .. '}'
end

local input = inputs[workload]
if input then
  function request()
    local i = counter
    counter = counter + 1
    lastBody = '{"query":' .. document .. ',"variables":' .. variables(input(i)) .. '}'
    return wrk.format(nil, nil, nil, lastBody)
  end
end

-- An answer with GraphQL errors is an error even with status 200: counted (errorAnswers, summed by
-- summary.lua). JSON strings escape their quotes, so `"errors":` can only be the key.
errorAnswers = 0
local dumpPath = os.getenv("WRK_DUMP")
local dump = dumpPath and assert(io.open(dumpPath, "wb"))
local max = tonumber(os.getenv("WRK_MAX") or "1")
local seen = 0

-- The first failed answer's status and the start of its `errors` (the message, extensions.code and
-- sqlState; firstError, printed by summary.lua): what went wrong, not only how often.
firstError = nil

-- Where the body's `errors` key starts, or nil. JSON strings escape their quotes, so `"errors"`
-- followed by spaces and a colon can only be the key. The search is plain (a memchr-like scan):
-- a pattern search (`'"errors"%s*:'`) cost wrk 1.4 ms of CPU per 300 kB answer, on the cores the
-- servers run on, which took the most from the contender that used them best.
local function errorsKey(body)
  local from = 1
  while true do
    local at, last = body:find('"errors"', from, true)
    if not at then return nil end
    if body:find('^%s*:', last + 1) then return at end
    from = last + 1
  end
end

local function noteError(status, body)
  if firstError then return end
  local at = errorsKey(body) or 1
  firstError = fmt('%d %s', status, body:sub(at, at + 299))
end

function response(status, headers, body)
  if status == 200 and errorsKey(body) then
    errorAnswers = errorAnswers + 1
    noteError(status, body)
  elseif status ~= 200 then
    noteError(status, body)
  end
  if not dump or seen >= max then return end
  seen = seen + 1
  -- Length-prefixed records: a body may hold newlines.
  dump:write(fmt("REQ %d\n", #lastBody), lastBody, fmt("\nRES %d %d\n", status, #body), body, "\n")
  dump:flush()
  if seen >= max then wrk.thread:stop() end
end

dofile(os.getenv("WRK_SUMMARY_FILE"))
