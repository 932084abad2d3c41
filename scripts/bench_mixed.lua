-- wrk script of the mixed-workload benchmark (scripts/bench.sh section 7; requests prepared by
-- scripts/bench_mixed.py prepare). Environment:
--   BENCH_REQUESTS  the request file: "#weight<TAB>kind<TAB>weight" lines, then one request per
--                   line: kind, user index, method, path, "bearer" or "cookie", token, body
--   BENCH_KINDS     comma-separated kinds to send (empty: every kind of the file, by weight)
--   BENCH_OUT       directory for one samples file per thread ("kind<TAB>status<TAB>microseconds"
--                   per response); empty: none (wrk's own latency figures only)
--   BENCH_RATE      requests per second for the whole run, shared by the threads (0: as fast as
--                   the connections go). Used for the steady background writes.
-- Per-request latencies are only exact with one connection per thread (-tN -cN): then each
-- thread's request() and response() alternate, so the clock read in request() belongs to the
-- response that follows. The clock is CLOCK_MONOTONIC through LuaJIT's FFI (no syscall cost
-- beyond the vDSO).

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *ts);
]]
local CLOCK_MONOTONIC = 1
local clock = ffi.new("bench_timespec")
local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1000000 + tonumber(clock.tv_nsec) / 1000
end

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do fields[#fields + 1] = field end
  return fields
end

-- Main state: number the threads (their ids pick their share of the users and name their files).
local thread_count = 0
function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_id", thread_count)
end

-- Thread state -------------------------------------------------------------------------------
local kinds, cumulative, total_weight = {}, {}, 0   -- the kinds sent, by weight
local requests = {}                                 -- kind -> list of formatted requests
local kind_index = {}                               -- kind -> its number in the samples file
local samples, current_kind, started = nil, nil, 0
local interval_us, next_at = 0, nil

function init(args)
  local id = thread_id or 1
  local threads = tonumber(os.getenv("BENCH_THREADS") or "1")
  math.randomseed(id * 7919 + math.floor(now_us() % 100000))
  local wanted = nil
  local only = os.getenv("BENCH_KINDS") or ""
  if only ~= "" then
    wanted = {}
    for k in only:gmatch("[^,]+") do wanted[k] = true end
  end
  local all = {}
  local path = os.getenv("BENCH_REQUESTS")
  assert(path and path ~= "", "BENCH_REQUESTS is not set")
  local file = assert(io.open(path, "r"))
  local n = 0
  for line in file:lines() do
    local f = split(line)
    if f[1] == "#weight" then
      n = n + 1
      kind_index[f[2]] = n
      local weight = tonumber(f[3])
      -- A kind named in BENCH_KINDS runs even with no weight in the mix (the /health reference).
      if wanted and wanted[f[2]] and weight <= 0 then weight = 1 end
      if (not wanted or wanted[f[2]]) and weight > 0 then
        kinds[#kinds + 1] = f[2]
        total_weight = total_weight + weight
        cumulative[#cumulative + 1] = total_weight
      end
    elseif not wanted or wanted[f[1]] then
      local kind, user, method, path, auth, token, body = f[1], tonumber(f[2]), f[3], f[4], f[5], f[6], f[7]
      local headers = {}
      if auth == "bearer" then
        headers["Authorization"] = "Bearer " .. token
      elseif auth == "cookie" then
        -- The page's session cookie, and a CSRF cookie so the server does not set a new one each time.
        headers["Cookie"] = "at_session=" .. token .. "; at_csrf=" .. string.rep("0123456789abcdef", 4)
      end
      if body ~= nil and body ~= "" then headers["Content-Type"] = "application/json" else body = nil end
      all[kind] = all[kind] or {}
      table.insert(all[kind], { user = user, text = wrk.format(method, path, headers, body) })
    end
  end
  file:close()
  -- Each thread keeps every threads-th request of a kind (the file lists them user by user)
  -- when the kind has enough of them, so the threads act as different people and each holds
  -- only its share in memory; otherwise every thread uses them all.
  for _, kind in ipairs(kinds) do
    local list, mine = all[kind] or {}, {}
    for i, r in ipairs(list) do
      if #list < 2 * threads or (i - 1) % threads == id - 1 then mine[#mine + 1] = r.text end
    end
    assert(#mine > 0, "no requests of kind " .. kind .. " in " .. os.getenv("BENCH_REQUESTS"))
    requests[kind] = mine
  end
  local out = os.getenv("BENCH_OUT") or ""
  if out ~= "" then
    samples = assert(io.open(out .. "/samples-" .. id .. ".tsv", "w"))
    samples:setvbuf("full", 65536)
  end
  local rate = tonumber(os.getenv("BENCH_RATE") or "0")
  if rate > 0 then interval_us = 1000000 * threads / rate end
end

local function pick()
  if #kinds == 1 then return kinds[1] end
  local r = math.random() * total_weight
  for i = 1, #cumulative do
    if r < cumulative[i] then return kinds[i] end
  end
  return kinds[#kinds]
end

function request()
  current_kind = pick()
  local list = requests[current_kind]
  started = now_us()
  return list[math.random(#list)]
end

function response(status, headers, body)
  if samples then
    samples:write(kind_index[current_kind], "\t", status, "\t", math.floor(now_us() - started), "\n")
  end
end

-- Only with a rate: wrk then asks before each request how long to wait (milliseconds).
if tonumber(os.getenv("BENCH_RATE") or "0") > 0 then
  function delay()
    local now = now_us()
    next_at = (next_at or now) + interval_us
    if next_at < now then
      next_at = now -- behind schedule: go on at once, without a burst to catch up
      return 0
    end
    return (next_at - now) / 1000
  end
end

-- Main state: the whole run's totals, one machine-readable line (latencies in microseconds).
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH_RESULT requests=%d duration_us=%d p50_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, e.status, e.connect, e.read, e.write, e.timeout))
end
