#!/usr/bin/env bash
# The public API of each library crate is recorded in api/<crate>.txt, one line per public
# item with its signature (tools/api-dump over the crate's rustdoc JSON). This script
# regenerates the lines into a temporary directory and fails when they differ from the record,
# so a change of the public API must update the record in the same commit:
#
#   bash .ci/api.sh            # check (CI)
#   bash .ci/api.sh --bless    # rewrite api/*.txt from the code, then review and commit them
#
# Rustdoc JSON is unstable: on the stable toolchain it is asked for with RUSTC_BOOTSTRAP=1, in
# a target directory of its own (target/api) so the normal builds stay cached. Needs only the
# Rust toolchain; tools/api-dump is a workspace crate.
set -euo pipefail
cd "$(dirname "$0")/.."

# Library crates whose API is watched: <package> <crate name> <cargo feature flags>.
crates=(
    "junqi-game junqi_game --all-features"
    "junqi-search junqi_search --all-features"
    "gjjq-core gjjq_core --all-features"
    "junqi-gamefile junqi_gamefile --all-features"
    "gjjq-notation gjjq_notation --all-features"
    "junqi-protocol junqi_protocol --all-features"
    "gjjq-engine gjjq_engine --all-features"
    "gjjq-arbiter gjjq_arbiter --all-features"
    "gjjq-tablebase gjjq_tablebase --all-features"
    "gjjq gjjq --all-features"
    "luzhanqi luzhanqi --all-features"
    "luzhanqi-engine luzhanqi_engine --all-features"
    "siguo siguo --all-features"
    "siguo-engine siguo_engine --all-features"
    "junqi-cli junqi_cli --all-features"
)

bless=false
case "${1:-}" in
    --bless) bless=true ;;
    "") ;;
    *) echo "usage: bash .ci/api.sh [--bless]" >&2; exit 2 ;;
esac

api_target="${CARGO_TARGET_DIR:-target}/api"
fresh="$(mktemp -d)"
trap 'rm -rf "$fresh"' EXIT

cargo build --quiet -p api-dump
dump="${CARGO_TARGET_DIR:-target}/debug/api-dump"

for entry in "${crates[@]}"; do
    read -r package name features <<<"$entry"
    RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$api_target" cargo rustdoc --quiet -p "$package" --lib \
        $features -- -Z unstable-options --output-format json
    "$dump" "$api_target/doc/$name.json" >"$fresh/$package.txt"
done

if $bless; then
    mkdir -p api
    rm -f api/*.txt
    cp "$fresh"/*.txt api/
    echo "== api: record rewritten; review and commit: git diff --stat api/"
    git status --short api/ || true
    exit 0
fi

status=0
for f in "$fresh"/*.txt; do
    record="api/$(basename "$f")"
    if [ ! -f "$record" ]; then
        echo "== api: $record is missing"
        status=1
    elif ! diff -u "$record" "$f" >"$fresh/diff"; then
        echo "== api: the public API of $(basename "$f" .txt) differs from $record (- record, + code):"
        cat "$fresh/diff"
        status=1
    fi
done
for record in api/*.txt; do
    [ -e "$record" ] || continue
    if [ ! -f "$fresh/$(basename "$record")" ]; then
        echo "== api: $record records a crate that is no longer watched (see .ci/api.sh)"
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "== api: FAILED. If the change is intended, run \`bash .ci/api.sh --bless\` and commit"
    echo "   api/*.txt together with the change; otherwise restore the API."
    exit 1
fi
echo "== api: the public API matches api/*.txt"
