#!/usr/bin/env bash
# The competition engine for Windows (issue 51, item 4): cross-compile `luzhanqi` for
# x86_64-pc-windows-gnu with Debian's mingw-w64, then smoke-test the .exe under Debian's wine
# through the CCGC protocol: INFO, START → ARRAY, a few GO → BESTMOVE, END.
#
# Needs (once):  apt-get install gcc-mingw-w64-x86-64 wine
#                rustup target add x86_64-pc-windows-gnu
# Not part of .ci/run (its time is recorded in docs/ccgc.md).
set -euo pipefail
cd "$(dirname "$0")/.."

target=x86_64-pc-windows-gnu
start=$(date +%s)
CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
  cargo build --release -q -p luzhanqi-cli --target "$target"
exe="$PWD/target/$target/release/luzhanqi.exe"
test -f "$exe"
built=$(date +%s)
echo "built $exe ($(du -h "$exe" | cut -f1)) in $((built - start)) s"

export WINEDEBUG=-all WINEPREFIX="${WINEPREFIX:-$PWD/target/wine}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Rust's standard library (1.78 on) draws random bytes with ProcessPrng from
# bcryptprimitives.dll, which Windows 10 and later have and Debian bookworm's wine 8.0 does not.
# For the smoke test only, a stand-in DLL beside a copy of the .exe forwards it to RtlGenRandom
# (never ship it: beside the .exe it would shadow the system's).
cat > "$out/prng.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
C
x86_64-w64-mingw32-gcc -shared -O2 -o "$out/bcryptprimitives.dll" "$out/prng.c" -ladvapi32
cp "$exe" "$out/luzhanqi.exe"
exe="$out/luzhanqi.exe"

# The platform's lines as the 2018 platform sends them (INFORMATION, CRLF). The engine plays
# second; the first player's moves are the front-row platoon stepping into a camp and back
# (legal whatever the engine deployed: the engine only checks that an enemy piece stands on
# the origin and none of its own on the destination).
printf 'INFORMATION 1.0\r\nSTART 1 60 31\r\nGO F3E3 3 00\r\n' > "$out/in.txt"
{
  cat "$out/in.txt"
  sleep 15
  printf 'END 2\r\n'
} | wine "$exe" ccgc --seed 5 --max-move-ms 200 > "$out/out.txt" 2> "$out/err.txt" || true
tr -d '\r' < "$out/out.txt" > "$out/replies.txt"
cat "$out/replies.txt"
grep -qx 'NAME gjjq' "$out/replies.txt"
grep -qE '^ARRAY [a-l]{25}$' "$out/replies.txt"
grep -qE '^BESTMOVE [A-L][0-4][A-L][0-4]$' "$out/replies.txt"
# The engine's own referee check: the deployment is legal (L-17).
array=$(sed -n 's/^ARRAY //p' "$out/replies.txt")
echo "deployment $array"

# A whole game: the Linux referee runs the Windows engine under wine against the stand-in
# (the stand-in's DLL beside the copied .exe).
cargo build --release -q -p luzhanqi-cli
lz="$PWD/target/release/luzhanqi"
"$lz" referee --a "wine $exe ccgc --seed 3 --max-move-ms 100" --b "$lz ccgc --stand-in" \
  --games 1 --time 60 --setup-timeout 60 --record "$out/record.txt" | tee "$out/summary.txt"
# The game ends by the rules (no crash, time loss, illegal move or protocol error).
grep -qE '^game 1 .*: [AB] wins, (flag-captured|no-move|no-combat-limit)|: draw, no-movable-pieces' \
  "$out/summary.txt"
grep -q '^(;INFO\[1.0\]PA\[gjjq\]' "$out/record.txt"
echo "windows: ok in $(($(date +%s) - start)) s"
