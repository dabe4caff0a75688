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

# The targets run FUZZ_JOBS at a time (default 2, one a core): each libFuzzer process is
# single-threaded, so on two cores two run in the time of one. A crash makes libFuzzer exit
# non-zero; every job is waited for, and any failure fails the script.
jobs="${FUZZ_JOBS:-2}"
run_target() {
    local t=$1
    mkdir -p "corpus/$t"
    # The seeds live in corpus/<target>/seed-*; libFuzzer adds what it finds next to them
    # (ignored by git).
    if cargo "${toolchain[@]}" fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" \
        >"$logs/$t.log" 2>&1; then
        echo "== fuzz $t for ${seconds}s: ok"
    else
        echo "== fuzz $t: FAILED" >&2
        cat "$logs/$t.log" >&2
        return 1
    fi
}
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
failed=0
running=0
for t in "${targets[@]}"; do
    run_target "$t" &
    running=$(( running + 1 ))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || failed=1
        running=$(( running - 1 ))
    fi
done
while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$(( running - 1 ))
done
[ "$failed" -eq 0 ] || { echo "== fuzz: a target failed" >&2; exit 1; }
echo "== fuzz: no crash"
