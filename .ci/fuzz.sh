#!/usr/bin/env bash
# Fuzz every target in fuzz/fuzz_targets for a bounded time each; fail on any crash.
#
#   FUZZ_SECONDS=20 .ci/fuzz.sh            # all targets, 20 s each (the default)
#   FUZZ_SECONDS=300 .ci/fuzz.sh position_string
#
# Installs cargo-fuzz when missing. cargo-fuzz needs nightly flags (-Z sanitizer); without a
# nightly toolchain the stable compiler is asked for them with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds="${FUZZ_SECONDS:-20}"

if ! cargo fuzz --help >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

toolchain=()
if rustup run nightly rustc --version >/dev/null 2>&1; then
    toolchain=(+nightly)
else
    export RUSTC_BOOTSTRAP=1
fi

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for f in fuzz_targets/*.rs; do
        targets+=("$(basename "$f" .rs)")
    done
fi

# With no target named, build every target in one cargo call (one dependency build, the
# targets compiled and linked in parallel); each `cargo fuzz run` then finds its binary built.
if [ "$#" -eq 0 ]; then
    echo "== fuzz build (all ${#targets[@]} targets)"
    cargo "${toolchain[@]}" fuzz build
fi

for t in "${targets[@]}"; do
    echo "== fuzz $t for ${seconds}s"
    mkdir -p "corpus/$t"
    # The seeds live in corpus/<target>/seed-*; libFuzzer adds what it finds next to them
    # (ignored by git). A crash makes libFuzzer exit non-zero, and `set -e` stops here.
    cargo "${toolchain[@]}" fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds"
done
echo "== fuzz: no crash"
