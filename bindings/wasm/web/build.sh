#!/usr/bin/env bash
# Build the web board: the gjjq-wasm crate for wasm32 in release, its JavaScript glue with
# wasm-bindgen (the CLI at the exact version of the wasm-bindgen crate in Cargo.lock), then
# the page with Vite into bindings/wasm/web/dist. Idempotent: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/../../.."

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "== installing wasm-bindgen-cli $want (have: ${have:-none})"
  # --locked first; the registry may lack a locked dependency, then let cargo resolve.
  cargo install wasm-bindgen-cli --version "$want" --locked \
    || cargo install wasm-bindgen-cli --version "$want"
fi

echo "== gjjq-wasm (wasm32, release)"
cargo build -p gjjq-wasm --target wasm32-unknown-unknown --release
rm -rf bindings/wasm/web/pkg
wasm-bindgen --target web --out-dir bindings/wasm/web/pkg \
  target/wasm32-unknown-unknown/release/gjjq_wasm.wasm

echo "== page (vite build)"
cd bindings/wasm/web
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
cd ../../..
bash bindings/wasm/web/tools/figures.sh
