#!/usr/bin/env bash
# The speed examples of issue 17 on small inputs, so that they cannot rot (the figures
# themselves are in benches/README.md; a shared CI machine is no place to time them). Each
# asserts its node counts; the portable bulk counter is also run on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== speed examples (small inputs)"
cargo run --release --example perft_ratio -- make 1
GJJQ_PORTABLE=1 cargo run --release --example perft -- 3 | tail -n 1
cargo run --release --example count_profile -- 1
cargo run --release --example cost_growth -- worlds 20
cargo run --release --example cost_growth -- endgame 3
cargo run --release --example cost_growth -- perft 3
games="$(mktemp)"
trap 'rm -f "$games"' EXIT
cargo run --release --example game_file -- 1 > "$games"
cargo run --release -p gjjq-cli -- replay "$games" | tail -n 1
