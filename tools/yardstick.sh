#!/usr/bin/env bash
# Builds the strength yardstick, the engine of commit 44d942f (the end of milestone 2), from
# the repository's history into a directory outside the work tree, and prints the path of its
# `gjjq` binary. Matches of this milestone (issues 24 and 25) are played against it:
#
#   yard="$(bash tools/yardstick.sh)"
#   gjjq match --engine1 "target/release/gjjq engine" --engine2 "$yard engine" ...
#
# Idempotent: a binary already built for the commit is reused. GJJQ_YARDSTICK_DIR chooses the
# directory (default: a folder under the system's temporary directory).
set -euo pipefail
cd "$(dirname "$0")/.."
commit=44d942f
dir="${GJJQ_YARDSTICK_DIR:-${TMPDIR:-/tmp}/gjjq-yardstick-$commit}"
bin="$dir/target/release/gjjq"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir/src"
  git archive "$commit" | tar -x -C "$dir/src"
  (cd "$dir/src" && cargo build --release --locked -q -p gjjq-cli --target-dir "$dir/target") >&2
fi
echo "$bin"
