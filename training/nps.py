#!/usr/bin/env python3
"""Nodes per second of `gjjq engine` with an evaluation, as docs/engine.md measures it:
`go depth D` on each position of crates/gjjq-core/tests/data/bench.perft through the
protocol, a new engine process per position, the `info` of the last iteration summed.

    python3 training/nps.py target/release/gjjq [--eval nnue|classic] [--depth 6] \
        [--option NAME=VALUE ...]
"""
import argparse
import subprocess

ap = argparse.ArgumentParser()
ap.add_argument("gjjq")
ap.add_argument("--eval", default="classic")
ap.add_argument("--depth", type=int, default=6)
ap.add_argument("--file", default="crates/gjjq-core/tests/data/bench.perft")
def option(text):
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r}: expected NAME=VALUE")
    return name, value


ap.add_argument("--option", action="append", default=[], type=option,
                help="NAME=VALUE, an engine option set before each search")
args = ap.parse_args()

positions = [l.split(" ", 1)[1].strip() for l in open(args.file) if l.startswith("position ")]
nodes = ms = 0
for p in positions:
    proc = subprocess.Popen([args.gjjq, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    options = "".join(f"setoption name {name} value {value}\n" for name, value in args.option)
    proc.stdin.write(
        f"uci\nsetoption name Eval value {args.eval}\n{options}position fen {p}\ngo depth {args.depth}\n"
    )
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        if line.startswith("info ") and " nodes " in line and " time " in line:
            last = line.split()
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    nodes += int(last[last.index("nodes") + 1])
    ms += int(last[last.index("time") + 1])
print(f"eval {args.eval} depth {args.depth}: {len(positions)} positions, {nodes} nodes, "
      f"{ms / 1000:.2f} s, {nodes * 1000 // max(ms, 1)} nodes/s")
