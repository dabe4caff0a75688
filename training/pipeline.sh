#!/usr/bin/env bash
# The learned evaluation's whole pipeline, data to weights (docs/engine.md, "Learned
# evaluation"):
#
#   bash training/pipeline.sh [--smoke] [--seed S] [--positions N] [--nodes N] [--epochs E]
#                             [--work DIR]
#
# 1. builds `gjjq` (release) and plays `gjjq datagen --nodes N --threads 2 --seed S
#    --positions N` into DIR (kept: a second run with the same seed and size reuses it);
# 2. trains training/train.py (JAX on the CPU) with a checkpoint every epoch in DIR/ckpt: a run
#    stopped mid-way and started again resumes after the last finished epoch;
# 3. exports the quantised weights and the test vectors and, unless --smoke, installs them as
#    crates/gjjq-engine/src/nnue-weights.nnue and crates/gjjq-engine/tests/data/nnue_vectors.json
#    (then `cargo test -p gjjq-engine --test nnue` checks the Rust inference against them).
#
# Defaults: seed 1, 450,000 positions at 1,000 nodes a move, 15 epochs, DIR
# target/nnue-pipeline (ignored by git: datasets are not committed). About 1 h 30
# on the shared 2-core machine. --smoke: 3,000 positions at 300 nodes, 1 epoch, a temporary
# DIR, nothing installed (CI: .ci/train-smoke.sh).
#
# Python: $PYTHON if it has jax and optax, else a virtual environment DIR/venv (or
# $GJJQ_TRAIN_VENV) made with python3 and `pip install -r training/requirements.txt`.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=1 positions=450000 nodes=1000 epochs=15 hidden=128 smoke=0
work="${GJJQ_NNUE_WORK:-$PWD/target/nnue-pipeline}"
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1 ;;
    --seed) seed="$2"; shift ;;
    --positions) positions="$2"; shift ;;
    --nodes) nodes="$2"; shift ;;
    --epochs) epochs="$2"; shift ;;
    --work) work="$2"; shift ;;
    *) echo "pipeline.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
if [ "$smoke" = 1 ]; then
  positions=3000 nodes=300 epochs=1
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

py="${PYTHON:-}"
if [ -z "$py" ] || ! "$py" -c "import jax, optax, numpy" 2>/dev/null; then
  venv="${GJJQ_TRAIN_VENV:-$work/venv}"
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import jax, optax, numpy" 2>/dev/null; then
    echo "== pipeline: virtual environment $venv (jax, optax, numpy)"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r training/requirements.txt
  fi
  py="$venv/bin/python"
fi

echo "== pipeline: build"
cargo build --release -q -p gjjq-cli
gjjq="$PWD/target/release/gjjq"

data="$work/data-s$seed-p$positions-n$nodes.gjjqd"
if [ ! -f "$data.done" ]; then
  echo "== pipeline: datagen $positions positions, $nodes nodes a move, seed $seed"
  "$gjjq" datagen --out "$data" --positions "$positions" --nodes "$nodes" --threads 2 --seed "$seed"
  touch "$data.done"
fi

echo "== pipeline: train"
"$py" training/train.py --data "$data" --out "$work/weights.nnue" --ckpt "$work/ckpt-s$seed" \
  --epochs "$epochs" --hidden "$hidden" --seed "$seed" --vectors "$work/nnue_vectors.json"

if [ "$smoke" = 0 ]; then
  cp "$work/weights.nnue" crates/gjjq-engine/src/nnue-weights.nnue
  cp "$work/nnue_vectors.json" crates/gjjq-engine/tests/data/nnue_vectors.json
  echo "== pipeline: installed the weights; check with: cargo test -p gjjq-engine --test nnue"
fi
echo "pipeline: ok"
