-- wrk script for bench/serve_bench.sh: the static HTTP baseline (GET of a small file from
-- nginx); done() prints the same "BENCH {json}" line as request.lua.
function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format('BENCH {"requests": %d, "duration_us": %d, "status_errors": %d, ' ..
    '"socket_errors": %d, "p50_us": %d, "p99_us": %d}\n', summary.requests, summary.duration,
    e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(50),
    latency:percentile(99)))
end
