#!/usr/bin/env bash
# CI: a short match of the baseline engine against the random mover through `gjjq match`
# (processes, protocol, clocks, adjudication, game file). Needs only the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -q -p gjjq-cli
gjjq="$PWD/target/release/gjjq"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

"$gjjq" match --engine1 "$gjjq engine" --engine2 "$gjjq engine --random --seed 7" \
  --games 6 --concurrency 2 --tc 2+0.05 --random-plies 2 --seed 3 --max-plies 400 \
  --pgn "$out/games.gjjq" | tee "$out/summary.txt"

# Every game in the file replays under the rules to its recorded result.
"$gjjq" replay "$out/games.gjjq" > /dev/null
# The engine must score at least 5 of 6 against random moves, and nobody may lose on an
# engine failure (crash, illegal move, timeout).
awk '/^score / { split($2, s, "/"); if (s[1] + 0 < 5) { print "engine scored only " $2; exit 1 } }' "$out/summary.txt"
if grep -E "illegal-move|crash|timeout|startup-failure" "$out/summary.txt"; then
  echo "an engine failed"; exit 1
fi
echo "engine vs random: ok"
