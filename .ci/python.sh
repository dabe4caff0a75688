#!/usr/bin/env bash
# Python bindings (bindings/python): lint the crate, then build and install the package with
# pip into a fresh virtual environment and run its pytest suite (perft against the perft
# files, records, deployments, hidden play, the engine, OpenSpiel's open and hidden games,
# PettingZoo, Ray self-play with random and engine players), then check the type stubs against
# the compiled module. Needs only Rust, Python 3.9+ and pip.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
MANIFEST=bindings/python/Cargo.toml

echo "== python: fmt and clippy of the bindings crate"
cargo fmt --manifest-path "$MANIFEST" --check
# The crate's build files go under the root's target/ (ignored), not into bindings/python.
cargo clippy --manifest-path "$MANIFEST" --release --all-targets \
    --target-dir "${CARGO_TARGET_DIR:-target}/bindings-python" -- -D warnings

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "== python: fresh virtual environment"
"$PY" -m venv "$WORK/venv"
VPY="$WORK/venv/bin/python"
"$VPY" -m pip install --quiet --disable-pip-version-check --only-binary=:all: \
    -r bindings/python/requirements-test.txt
echo "== python: pip install ./bindings/python"
# The package's build backend builds in a temporary target directory (issue 26): pip must
# leave no target/ in bindings/python.
had_target=no
[ -e bindings/python/target ] && had_target=yes
# The build's target directory persists under the root's target/ (ignored), so a second run
# on the same clone rebuilds only what changed.
py_target="${CARGO_TARGET_DIR:-target}"
case "$py_target" in /*) ;; *) py_target="$PWD/$py_target" ;; esac
CARGO_TARGET_DIR="$py_target/bindings-python-build" \
    "$VPY" -m pip install --quiet --disable-pip-version-check ./bindings/python
if [ "$had_target" = no ] && [ -e bindings/python/target ]; then
    echo "python: pip install left bindings/python/target in the source tree" >&2
    exit 1
fi

echo "== python: pytest"
# Run from the tests' directory against the installed package, not the source tree.
set +e
(cd bindings/python/tests && "$VPY" -m pytest -q -p no:cacheprovider \
    -W ignore::UserWarning .)
rc=$?
set -e
case $rc in
    0) ;;
    5) echo "python: pytest collected no tests" >&2; exit 1 ;;
    *) echo "python: pytest failed (exit $rc)" >&2; exit "$rc" ;;
esac

echo "== python: the stubs match the module; the package type-checks"
(cd "$WORK" && "$VPY" -m mypy.stubtest gjjq._gjjq && "$VPY" -m mypy --ignore-missing-imports -p gjjq)
