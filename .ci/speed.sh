#!/usr/bin/env bash
# The measurement programs (benches/programs, issue 17) on small inputs, so that they cannot rot (the figures
# themselves are in benches/README.md; a shared CI machine is no place to time them). Each
# asserts its node counts; the portable bulk counter is also run on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== measurement programs (small inputs)"
cargo run --release -p gjjq-bench --bin perft_ratio -- make 1
GJJQ_PORTABLE=1 cargo run --release --example perft -- 3 | tail -n 1
cargo run --release -p gjjq-bench --bin count_profile -- 1
cargo run --release -p gjjq-bench --bin cost_growth -- worlds 20
cargo run --release -p gjjq-bench --bin cost_growth -- endgame 3
cargo run --release -p gjjq-bench --bin cost_growth -- perft 3
cargo run --release -p gjjq-bench --bin luzhanqi_cost -- perft 2
cargo run --release -p gjjq-bench --bin luzhanqi_cost -- game 60
games="$(mktemp)"
trap 'rm -f "$games"' EXIT
cargo run --release -p gjjq-bench --bin game_file -- 1 > "$games"
cargo run --release -p gjjq-cli -- replay "$games" | tail -n 1
