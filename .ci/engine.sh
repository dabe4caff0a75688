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

# 暗式 (hidden play): the engine sees only its own information state (position hidden); a
# short seeded match against the random proposer. Every game ends by the rules or the ply cap,
# nobody loses on an engine failure, and every record replays through the referee.
"$gjjq" match --hidden --engine1 "$gjjq engine" --engine2 "$gjjq engine --random --seed 7" \
  --games 4 --concurrency 2 --tc 2+0.05 --seed 3 --max-plies 300 --option1 Worlds=4 \
  --pgn "$out/hidden.gjjq" | tee "$out/hidden.txt"
"$gjjq" replay "$out/hidden.gjjq" > /dev/null
for side in red green; do
  "$gjjq" hidden view --record "$out/hidden.gjjq" --side "$side" > /dev/null
done
if grep -E "illegal-move|repeated-refusal|crash|timeout|startup-failure" "$out/hidden.txt"; then
  echo "an engine failed in hidden play"; exit 1
fi
echo "hidden engine vs random: ok"
