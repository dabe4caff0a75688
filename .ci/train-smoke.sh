#!/usr/bin/env bash
# CI: the learned evaluation's pipeline in miniature (docs/engine.md, "Learned evaluation"):
# `gjjq datagen` of 3,000 positions, one epoch of training, the weight file exported, and the
# trainer's own check that its integer inference (the Rust engine's) agrees with the float
# model on the test vectors. Installs nothing into the tree.
#
# Needs: the Rust toolchain, python3 with venv and pip, and PyPI (jax, optax, numpy from
# training/requirements.txt: about 600 MB installed, a few minutes the first time; pip's cache
# makes later runs quick). $PYTHON, when it already has jax and optax, is used as it is.
# Takes a few minutes on the 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash training/pipeline.sh --smoke
