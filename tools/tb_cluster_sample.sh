#!/usr/bin/env bash
# Issue 38 item 4: the Ray sample of four-unit endings and the cost model, in one command
# (docs/endgames.md, "Four units on a cluster"; benches/README.md). Rerun it after the
# generator changes: it builds gjjq, starts a local Ray cluster, runs the sample into a fresh
# directory, prints the cost model and stops the cluster.
#
#   bash tools/tb_cluster_sample.sh [OUT [RAYVENV]]
#
# OUT defaults to target/tb-cluster-sample (removed first), RAYVENV to /work/rayvenv, a venv
# with Ray (`python3 -m venv /work/rayvenv && /work/rayvenv/bin/pip install 'ray[default]'`).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/tb-cluster-sample}
venv=${2:-/work/rayvenv}
# Guards live in the palace, so endings of guards and one or two other pieces are small; the
# last five bring another piece to both sides (AGvAG 14.8 M index words, FGvFG 26 M, IGvIG,
# DGvDG and PGvPG 59 M each), large enough for their memory to show.
endings=(GGvGG GGvMG MGvGG GGvMM MMvGG GGvAG AGvGG GGvFG FGvGG MGvMG GGvIG IGvGG GGvPG PGvGG
  GGvDG DGvGG AGvAG FGvFG IGvIG DGvDG PGvPG)
nice cargo build --release -p gjjq-cli
gjjq=$PWD/target/release/gjjq
rm -rf "$out"
echo "== generator: $(git rev-parse --short HEAD) (gjjq-tablebase, gjjq-core last changed in $(git log -1 --format=%h -- crates/gjjq-tablebase crates/gjjq-core)); load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$venv/bin/ray" start --head --num-cpus 2 --include-dashboard=false >/dev/null
trap '"$venv/bin/ray" stop >/dev/null' EXIT
args=()
for e in "${endings[@]}"; do args+=(--ending "$e"); done
start=$SECONDS
nice -n 10 "$venv/bin/python" tools/tb_cluster.py run --gjjq "$gjjq" --out "$out" --units 4 \
  --nice 10 "${args[@]}"
echo "== Ray run: $(( SECONDS - start )) s wall, $(ls "$out"/*.gjtb | wc -l) tables, $(du -sh "$out" | cut -f1); load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 tools/tb_cluster.py cost-model "$out/manifest.tsv" --gjjq "$gjjq" --units 4
