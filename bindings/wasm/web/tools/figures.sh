#!/usr/bin/env bash
# The page's size figures, measured from the build (bindings/wasm/web/dist), never typed by hand.
#   bash bindings/wasm/web/tools/figures.sh           print them and write bindings/wasm/web/dist/figures.md
#   bash bindings/wasm/web/tools/figures.sh --write   also rewrite the block between the figures markers
#                                       in docs/web.md
#   bash bindings/wasm/web/tools/figures.sh --check   fail if docs/web.md's WASM figures are more than
#                                       TOLERANCE percent (default 25) off the build's; a
#                                       smaller drift is only reported, so that another
#                                       branch's merge that grows the library a little does
#                                       not break main
set -euo pipefail
cd "$(dirname "$0")/../../../.."
mode=${1:-}
tolerance=${TOLERANCE:-25}

wasm=$(ls bindings/wasm/web/dist/assets/*.wasm | head -n 1)
raw=$(wc -c < "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
js=$(ls bindings/wasm/web/dist/assets/index-*.js | head -n 1)
worker=$(ls bindings/wasm/web/dist/assets/engine-worker-*.js 2>/dev/null | head -n 1 || true)
beliefs=$(ls bindings/wasm/web/dist/assets/beliefs-worker-*.js 2>/dev/null | head -n 1 || true)
hidden=$(ls bindings/wasm/web/dist/assets/hidden-worker-*.js 2>/dev/null | head -n 1 || true)
lz=$(ls bindings/wasm/web/dist/assets/lz-worker-*.js 2>/dev/null | head -n 1 || true)
lzdark=$(ls bindings/wasm/web/dist/assets/lz-dark-worker-*.js 2>/dev/null | head -n 1 || true)
lzflip=$(ls bindings/wasm/web/dist/assets/lz-flip-worker-*.js 2>/dev/null | head -n 1 || true)
sgpage=$(ls bindings/wasm/web/dist/assets/siguo-*.js 2>/dev/null | head -n 1 || true)
sgworker=$(ls bindings/wasm/web/dist/assets/sg-worker-*.js 2>/dev/null | head -n 1 || true)
sgengine=$(ls bindings/wasm/web/dist/assets/sg-engine-worker-*.js 2>/dev/null | head -n 1 || true)
# The chunk both pages load (the WASM glue, 陸戰棋's words, the worker calls), named by Vite
# after its first module.
shared=$(ls bindings/wasm/web/dist/assets/text-*.js 2>/dev/null | head -n 1 || true)
kb() { awk -v b="$1" 'BEGIN { printf "%.1f kB", b / 1000 }'; }


group() { echo "$1" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta'; }

line1="- **WASM size** (from the build, \`bindings/wasm/web/tools/figures.sh\`): \`gjjq_wasm_bg.wasm\` **$(group "$raw") bytes, $(group "$gz") bytes gzipped** (\`gzip -9\`)."
line2="- The page's JavaScript is $(kb "$(wc -c < "$js")") ($(kb "$(gzip -9 -c "$js" | wc -c)") gzipped)"
if [ -n "$worker" ]; then
  line2="$line2, the worker $(kb "$(wc -c < "$worker")") ($(kb "$(gzip -9 -c "$worker" | wc -c)") gzipped)"
fi
if [ -n "$beliefs" ]; then
  line2="$line2, the beliefs worker $(kb "$(wc -c < "$beliefs")") ($(kb "$(gzip -9 -c "$beliefs" | wc -c)") gzipped)"
fi
if [ -n "$hidden" ]; then
  line2="$line2, the hidden game's worker $(kb "$(wc -c < "$hidden")") ($(kb "$(gzip -9 -c "$hidden" | wc -c)") gzipped)"
fi
if [ -n "$lz" ]; then
  line2="$line2, the 陸戰棋 worker $(kb "$(wc -c < "$lz")") ($(kb "$(gzip -9 -c "$lz" | wc -c)") gzipped)"
fi
if [ -n "$lzdark" ]; then
  line2="$line2, the 陸戰棋 dark game's worker $(kb "$(wc -c < "$lzdark")") ($(kb "$(gzip -9 -c "$lzdark" | wc -c)") gzipped)"
fi
if [ -n "$lzflip" ]; then
  line2="$line2, the 陸戰棋 flip game's worker $(kb "$(wc -c < "$lzflip")") ($(kb "$(gzip -9 -c "$lzflip" | wc -c)") gzipped)"
fi
if [ -n "$sgpage" ]; then
  line2="$line2, the 四國 page (siguo.html) $(kb "$(wc -c < "$sgpage")") ($(kb "$(gzip -9 -c "$sgpage" | wc -c)") gzipped)"
fi
if [ -n "$sgworker" ]; then
  line2="$line2, the 四國 game's worker $(kb "$(wc -c < "$sgworker")") ($(kb "$(gzip -9 -c "$sgworker" | wc -c)") gzipped)"
fi
if [ -n "$sgengine" ]; then
  line2="$line2, an engine seat's worker $(kb "$(wc -c < "$sgengine")") ($(kb "$(gzip -9 -c "$sgengine" | wc -c)") gzipped)"
fi
if [ -n "$shared" ]; then
  line2="$line2, the code both pages share $(kb "$(wc -c < "$shared")") ($(kb "$(gzip -9 -c "$shared" | wc -c)") gzipped)"
fi
line2="$line2."
printf '%s\n%s\n' "$line1" "$line2" | tee bindings/wasm/web/dist/figures.md

doc=docs/web.md
begin='<!-- figures:begin (bindings/wasm/web/tools/figures.sh --write) -->'
end='<!-- figures:end -->'
case "$mode" in
  --write)
    awk -v b="$begin" -v e="$end" -v f="bindings/wasm/web/dist/figures.md" '
      $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
      $0 == e { skip = 0 }
      !skip { print }' "$doc" > "$doc.tmp"
    mv "$doc.tmp" "$doc"
    echo "rewrote the figures block of $doc"
    ;;
  --check)
    block=$(awk -v b="$begin" -v e="$end" '$0 == b { on = 1; next } $0 == e { on = 0 } on' "$doc")
    nums=$(echo "$block" | grep -o '\*\*[0-9,]* bytes, [0-9,]* bytes gzipped' | tr -d '*,' | awk '{ print $1, $3 }')
    if [ -z "$nums" ]; then
      echo "error: $doc has no figures block (run: bash bindings/wasm/web/tools/figures.sh --write)" >&2
      exit 1
    fi
    read -r doc_raw doc_gz <<< "$nums"
    status=0
    for pair in "raw $doc_raw $raw" "gzipped $doc_gz $gz"; do
      read -r what d b <<< "$pair"
      off=$(awk -v d="$d" -v b="$b" 'BEGIN { x = (b - d) * 100 / d; if (x < 0) x = -x; printf "%d", x }')
      if [ "$off" -gt "$tolerance" ]; then
        echo "error: $doc says $d bytes $what, the build has $b ($off% off, over $tolerance%): run bash bindings/wasm/web/tools/figures.sh --write" >&2
        status=1
      elif [ "$d" != "$b" ]; then
        echo "note: $doc says $d bytes $what, the build has $b ($off% off, within $tolerance%)"
      fi
    done
    exit "$status"
    ;;
esac
