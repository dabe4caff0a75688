#!/usr/bin/env python3
"""The seed's endgame table (seed 000, 第 8 章 殘局的勝負棋型) answered from generated tables.

Reads `gjjq tablebase stats --dir DIR` and writes the tables of docs/endgames.md, "The seed's
table answered": each force against a bare king, each single against each single, each double
against each single and each triple against a bare king, the first force Red's, both sides to
move, in percent of legal placements. The tables replace the text between the markers
`<!-- seed tables: start -->` and `<!-- seed tables: end -->` of the file given with
`--write` (replaced whole: written to a temporary file, then renamed), or go to standard output.

    python3 tools/endgame_table.py --gjjq target/release/gjjq --dir tables [--write docs/endgames.md]

The forces are every force R-7 allows of one to three units (kinds from R-6; at most two of a
kind but infantry, three): 7 singles, 28 doubles, 78 triples. The seed lists 108 forces; the
difference is in its lists, not the rules (its 雙兵 list leaves out two fleets, 雙艦, which its
雙艦他兵 list uses, and its three-singles lists repeat some lines and leave out others).
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

# The kinds besides the king, strongest first as the seed lists them (團 師 軍 機 艦 彈 衛),
# with the notation's letters and the most of each a side has.
KINDS = [("I", "團", 3), ("D", "師", 2), ("A", "軍", 2), ("P", "機", 2), ("F", "艦", 2),
         ("M", "彈", 2), ("G", "衛", 2)]
START = "<!-- seed tables: start -->"
END = "<!-- seed tables: end -->"


@dataclass
class Stats:
    """One line of `gjjq tablebase stats`."""

    name: str
    placements: int
    red: tuple[int, int, int]
    green: tuple[int, int, int]
    longest: int
    position: str | None


def parse_stats(text: str) -> dict[str, Stats]:
    """`<ending> positions <p> placements <n> red <w>/<d>/<l> green <w>/<d>/<l> longest-win
    <plies> <position>|-`, one per line (the format the CLI's module doc spells out)."""
    out = {}
    for number, line in enumerate(text.splitlines(), 1):
        f = line.split(" ", 10)
        if len(f) < 11 or f[1] != "positions" or f[3] != "placements" or f[5] != "red" \
                or f[7] != "green" or f[9] != "longest-win":
            raise SystemExit(f"stats line {number}: not in the expected format: {line!r}")
        longest, _, position = f[10].partition(" ")
        wdl = lambda s: tuple(int(x) for x in s.split("/"))  # noqa: E731
        out[f[0]] = Stats(f[0], int(f[4]), wdl(f[6]), wdl(f[8]), int(longest),
                          None if position == "-" else position)
    return out


def forces(units: int) -> list[str]:
    """Every force of `units` pieces R-7 allows, as letters, strongest kind first."""
    letters = [k for k, _, _ in KINDS]
    most = {k: n for k, _, n in KINDS}
    out = []
    for combo in itertools.combinations_with_replacement(letters, units):
        if all(combo.count(k) <= most[k] for k in set(combo)):
            out.append("".join(combo))
    return out


def key(force: str) -> str:
    return "".join(sorted(force))


def find(stats: dict[str, Stats], red: str, green: str) -> Stats:
    """The table of `red` v `green`, whatever the order of letters in its name."""
    want = (key(red), key(green) if green != "K" else "K")
    for s in stats.values():
        r, g = s.name.split("v")
        if (key(r), key(g) if g != "K" else "K") == want:
            return s
    raise SystemExit(f"no table for {red}v{green} in the stats (generate it first)")


def pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}" if total else "-"


def row(stats: dict[str, Stats], red: str, green: str) -> str:
    s = find(stats, red, green)
    n = s.placements
    rw, rd, rl = s.red
    gw, gd, gl = s.green
    forced = []
    if n and rw == n:
        forced.append(f"**{red}** (to move)")
    if n and gw == n and green != "K":
        forced.append(f"**{green}** (to move)")
    return (f"| {red} v {green} | `{s.name}` | {n} | {pct(rw, n)} / {pct(rd, n)} / {pct(rl, n)} "
            f"| {pct(gl, n)} / {pct(gd, n)} / {pct(gw, n)} | {s.longest} | "
            f"{', '.join(forced) or 'no'} |")


HEADER = ("| pairing | table | placements | first force to move: wins / draws / losses % "
          "| other side to move: first force wins / draws / losses % | longest win (plies) "
          "| forced win for |\n|---|---|---|---|---|---|---|")


def section(title: str, pairs: list[tuple[str, str]], stats: dict[str, Stats]) -> str:
    rows = "\n".join(row(stats, r, g) for r, g in pairs)
    return f"### {title}\n\n{HEADER}\n{rows}\n"


def summary(pairs: list[tuple[str, str]], stats: dict[str, Stats]) -> str:
    """How many of the pairings are forced wins, and the longest win among them."""
    found = [find(stats, r, g) for r, g in pairs]
    first = sum(1 for s in found if s.placements and s.red[0] == s.placements)
    other = sum(1 for (_, g), s in zip(pairs, found)
                if g != "K" and s.placements and s.green[0] == s.placements)
    longest = max(found, key=lambda s: s.longest)
    wins = lambda n: f"{n} forced win{'' if n == 1 else 's'}"  # noqa: E731
    return (f"{len(pairs)} pairings: {wins(first)} for the first force, {wins(other)} for the "
            f"other; the longest win is `{longest.name}`'s, {longest.longest} plies.")


def tables(stats: dict[str, Stats]) -> str:
    singles, doubles, triples = forces(1), forces(2), forces(3)
    parts = []
    groups = [
        ("Each force against a bare king", [(f, "K") for f in singles + doubles]),
        ("Each single kind against each single kind",
         [(a, b) for i, a in enumerate(singles) for b in singles[i:]]),
        ("Each double against each single", [(d, s) for d in doubles for s in singles]),
        ("Each triple against a bare king", [(t, "K") for t in triples]),
    ]
    for title, pairs in groups:
        parts.append(section(title, pairs, stats))
        parts.append(summary(pairs, stats) + "\n")
    return "\n".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gjjq", required=True, help="the gjjq binary")
    ap.add_argument("--dir", required=True, help="the directory of the table files")
    ap.add_argument("--write", help="a Markdown file whose marked section is replaced")
    ap.add_argument("--stats", help="read this saved `stats` output instead of running it")
    a = ap.parse_args()
    if a.stats:
        with open(a.stats, encoding="utf-8") as f:
            text = f.read()
    else:
        run = subprocess.run([a.gjjq, "tablebase", "stats", "--dir", a.dir],
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            return 1
        text = run.stdout
    body = tables(parse_stats(text))
    if not a.write:
        sys.stdout.write(body)
        return 0
    with open(a.write, encoding="utf-8") as f:
        doc = f.read()
    if doc.count(START) != 1 or doc.count(END) != 1 or doc.index(START) > doc.index(END):
        raise SystemExit(f"{a.write}: expected one '{START}' before one '{END}'")
    head, rest = doc.split(START)
    _, tail = rest.split(END)
    new = f"{head}{START}\n\n{body}\n{END}{tail}"
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(a.write)))
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(new)
    os.replace(tmp, a.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
