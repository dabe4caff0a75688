#!/usr/bin/env bash
# The web board in a real browser: installs Debian's Chromium and CJK fonts (idempotent),
# builds the page (bindings/wasm/web/build.sh: wasm32 target, wasm-bindgen-cli, Vite), serves it on
# 127.0.0.1 and runs the Playwright end-to-end tests (bindings/wasm/web/tests: 国际军棋, 陸戰棋 and
# the 四國 page siguo.html, tests/siguo.test.mjs) with node's test runner.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
if [ "${#need[@]}" -gt 0 ]; then
  echo "== apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The page is built with the committed release profile (thin LTO, one codegen unit), not
# .ci/run's faster CI one: the size check below compares the shipped module with docs/web.md.
env -u CARGO_PROFILE_RELEASE_LTO -u CARGO_PROFILE_RELEASE_CODEGEN_UNITS \
  bash bindings/wasm/web/build.sh

echo "== sizes (bindings/wasm/web/dist/figures.md; docs/web.md within tolerance)"
bash bindings/wasm/web/tools/figures.sh --check

echo "== end-to-end tests (Chromium)"
# The tests serve bindings/wasm/web/dist with `vite preview` on 127.0.0.1 themselves and stop it at the end.
cd bindings/wasm/web
node --test --test-reporter=spec tests/
