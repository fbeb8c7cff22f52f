#!/usr/bin/env sh
# Study benchmark: the command-line study of a small fixed plan (24 runs of
# N = 200, 250 steps, window from step 50) with --threads 1 and with
# --threads 2; prints runs per second for each and checks that both print
# the same bytes. Usage: sh scripts/study_bench.sh (builds the release CLI
# without the web stack first).
set -eu
cargo build --release --locked --no-default-features --bin boids-schwarm-cli >/dev/null 2>&1
cli=target/release/boids-schwarm-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/plan.json" <<'PLAN'
{"format": "boids-schwarm-study", "version": 1,
 "base": {"count": 200},
 "sweep": [{"parameter": "alignment", "from": 0, "to": 0.3, "points": 4},
           {"parameter": "radius", "values": [0.8, 1.2, 1.6]}],
 "seeds": [1, 2], "steps": 250, "burn_in": 50}
PLAN
runs=24
for threads in 1 2; do
    start=$(date +%s.%N)
    "$cli" study "$dir/plan.json" --threads "$threads" >"$dir/out$threads.csv"
    end=$(date +%s.%N)
    echo "$start $end $threads $runs" | awk '{ s = $2 - $1; printf "study: %d runs (N=200, 250 steps) --threads %d: %.2f s, %.1f runs/s\n", $4, $3, s, $4 / s }'
done
cmp -s "$dir/out1.csv" "$dir/out2.csv" && echo "same bytes for --threads 1 and 2"
