#!/usr/bin/env bash
# Which SQL shape should the compiler emit for nested lists? Runs each hand-written variant of Q3
# (20 users → posts(10) → comments(5) → author, see bench/pg/queries.js) with pgbench, interleaved
# over several rounds so that load from other processes hits every shape alike, and prints the
# median transactions per second of each. Needs a database loaded with bench/pg/data.js:
#   DB=sluice_measure ROUNDS=5 SECONDS_EACH=6 bash test/pg/measure/sqlShapes.sh
set -euo pipefail
cd "$(dirname "$0")/shapes"
DB=${DB:-sluice_measure}; ROUNDS=${ROUNDS:-5}; SECS=${SECONDS_EACH:-6}
export PGOPTIONS='-c jit=off'
declare -A results
for ((r = 1; r <= ROUNDS; r++)); do  # throughput (pgbench)
  for f in *.sql; do
    tps=$(pgbench -h 127.0.0.1 -U postgres -n -M prepared -c 2 -j 1 -T "$SECS" -f "$f" "$DB" 2>/dev/null \
      | awk '/^tps/ {print $3}')
    results[$f]="${results[$f]:-} $tps"
  done
done
for f in *.sql; do
  [ "$ROUNDS" -gt 0 ] || break
  median=$(tr ' ' '\n' <<<"${results[$f]}" | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-32s median %8.1f tps   (rounds:%s)\n' "$f" "$median" "${results[$f]}"
done

# Second view, less disturbed by other load: the server's own execution time of each shape
# (EXPLAIN ANALYZE, TIMING OFF), minimum and median of REPEAT runs in one session.
REPEAT=${REPEAT:-40}
for f in *.sql; do
  { echo "SET jit = off;"; for ((i = 0; i < REPEAT; i++)); do echo "EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF) $(cat "$f")"; done; } \
    | psql -h 127.0.0.1 -U postgres -d "$DB" -qAt 2>/dev/null \
    | awk -v f="$f" '/Execution Time/ {t[n++] = $3} END {asort(t); printf "%-32s execution min %6.2f ms, median %6.2f ms (%d runs)\n", f, t[1], t[int((n + 1) / 2)], n}'
done
