#!/usr/bin/env bash
# Build the web board and serve it on http://127.0.0.1:4173/ (Ctrl-C to stop).
set -euo pipefail
cd "$(dirname "$0")"
bash build.sh
echo "== serving http://127.0.0.1:${PORT:-4173}/"
exec npx vite preview --host 127.0.0.1 --port "${PORT:-4173}" --strictPort
