#!/usr/bin/env bash
# Every workspace crate must package: the published ones (junqi-game, gjjq-core, junqi-gamefile, junqi-cli, luzhanqi, luzhanqi-cli, gjjq-notation,
# gjjq-engine, gjjq-arbiter, gjjq-tablebase, gjjq, gjjq-cli) as crates.io would take them, the
# `publish = false` ones (gjjq-wasm, gjjq-bench, gjjq-test-support, api-dump) still with a version on every dependency, since
# `cargo package --workspace` refuses a path dependency without one (issue 26, item 16).
#
# --no-verify: building each package again from its tarball costs minutes; the builds of the
# workspace itself are checked by the other stages. --allow-dirty so that the check also runs
# on a work tree with local changes (CI runs on a clean clone anyway).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
# gjjq-bench (measurement, publish = false) depends on the unpublished test support as a
# normal dependency, which no package can resolve: it is the one crate left out.
cargo package --workspace --exclude gjjq-bench --no-verify --allow-dirty --quiet
# The facade's `serde` feature is optional: it must build without it (issue 26, item 16).
cargo check -p gjjq --no-default-features --quiet
echo "package: every crate packages ($(( $(date +%s) - start )) s)"
