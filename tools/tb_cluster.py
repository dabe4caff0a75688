#!/usr/bin/env python3
"""Endgame tables (殘局) as a task graph on Ray, and the cost model of the ≤ 4-unit set.

Issue 38 item 4; docs/endgames.md, "Four units on a cluster".

The graph comes from the Rust side (`gjjq tablebase plan`): an ending depends on the endings
its captures lead to, a rule this script does not restate. Each ending is one task: a private
scratch directory next to the shared output directory, the table files of every ending it
reaches by captures hard-linked in (copied where links fail), `gjjq tablebase generate --dir
SCRATCH --units N --ending X --threads 1`, then `X.gjwdl` (its win/draw/loss file) and
`X.gjtb` moved into the shared directory, each with one atomic rename, the table last (a table
in the directory is a finished ending). Under Ray a task's arguments are the object refs of
its sub-endings' tasks, so Ray runs it only after them; `--local` runs the same tasks in the plan's order in this
process, without importing Ray (what CI runs).

Commands:

    tb_cluster.py run --gjjq BIN --out DIR --units N [--ending NAME ...] [--local]
                      [--address ADDR]
    tb_cluster.py cost-model MANIFEST --gjjq BIN [--units 4]

Output formats:

- `run`: one line per ending on stdout, in the order they finish:
  `<ending> generated <seconds>` or `<ending> skipped` (already in DIR, its sha256 the
  manifest's); errors on stderr, exit 1, the manifest holding every ending finished before.
- The manifest, `DIR/manifest.tsv`: a `#` header line, then one line per ending, fields
  separated by tabs: `ending index-words positions seconds wall-seconds peak-rss-bytes
  floor-rss-bytes file-bytes sha256`. `seconds` is the generator's own time for the ending
  (its `generate` line), `wall-seconds` the child process's whole life (start, reading the
  sub-tables, writing), `peak-rss-bytes` the child's peak resident set (`ru_maxrss` from
  `os.wait4`). Linux carries a process's peak across `exec`, so a child forked from this
  Python process starts at the parent's resident set: `floor-rss-bytes` is that (the
  spawner's resident set when it forked), and a peak at or near the floor says only "at most
  this" (the cost model fits memory on the endings well above it). The file is rewritten whole
  (temporary file, fsync, rename) after every ending, never appended in place, so a reader or
  a crash sees the old manifest or the new one. Only this driver process writes it.
- `cost-model`: a plain-text report (see `cost_model`).

A second driver on the same DIR fails at once (a lock file, `DIR/.tb_cluster.lock`).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import heapq
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MANIFEST = "manifest.tsv"
HEADER = ("# ending\tindex-words\tpositions\tseconds\twall-seconds\tpeak-rss-bytes\tfloor-rss-bytes"
          "\tfile-bytes\tsha256")
FIELDS = ("ending", "words", "positions", "seconds", "wall", "rss", "floor", "bytes", "sha256")
SCRATCH = ".scratch"
LOCK = ".tb_cluster.lock"


class ClusterError(Exception):
    """A failure the driver reports in one message (bad input, a failed task)."""


# --- the graph -----------------------------------------------------------------------------


class Node:
    """One ending of the plan: its index size and the endings one capture away."""

    __slots__ = ("name", "words", "subs")

    def __init__(self, name: str, words: int, subs: list[str]):
        self.name = name
        self.words = words
        self.subs = subs

    def __repr__(self) -> str:
        return f"Node({self.name!r}, {self.words}, {self.subs!r})"


def parse_plan(text: str) -> list[Node]:
    """The lines of `gjjq tablebase plan`, checked: every sub-ending listed before its ending."""
    nodes: list[Node] = []
    seen: set[str] = set()
    for n, line in enumerate(text.splitlines(), 1):
        f = line.split(" ")
        if len(f) != 3 or not f[1].isdigit():
            raise ClusterError(f"plan line {n}: not `<ending> <index-words> <subs|->`: {line!r}")
        subs = [] if f[2] == "-" else f[2].split(",")
        for s in subs:
            if s not in seen:
                raise ClusterError(f"plan line {n}: {f[0]} before its sub-ending {s}")
        if f[0] in seen:
            raise ClusterError(f"plan line {n}: {f[0]} twice")
        seen.add(f[0])
        nodes.append(Node(f[0], int(f[1]), subs))
    return nodes


def check_binary(gjjq: str) -> str:
    path = shutil.which(gjjq) if os.sep not in gjjq else gjjq
    if not path or not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise ClusterError(f"--gjjq {gjjq}: no executable file there (build it: cargo build --release -p gjjq-cli)")
    return os.path.abspath(path)


def plan(gjjq: str, units: int, endings: list[str]) -> list[Node]:
    """The task graph, from `gjjq tablebase plan` (the dependency rule is the Rust crate's)."""
    cmd = [gjjq, "tablebase", "plan", "--units", str(units)]
    for e in endings:
        cmd += ["--ending", e]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise ClusterError(f"gjjq tablebase plan: {p.stderr.strip() or f'exit {p.returncode}'}")
    return parse_plan(p.stdout)


def closures(nodes: list[Node]) -> dict[str, list[str]]:
    """Per ending, every ending it reaches by captures (the tables `generate` opens or makes)."""
    out: dict[str, set[str]] = {}
    for n in nodes:  # the plan's order: every sub-ending's closure is already known
        c: set[str] = set()
        for s in n.subs:
            c.add(s)
            c |= out[s]
        out[n.name] = c
    return {k: sorted(v) for k, v in out.items()}


# --- files ---------------------------------------------------------------------------------


def sha256_of(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def resident_bytes() -> int:
    """This process's resident set now (what a child forked now starts its peak at)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def fsync_dir(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_manifest(path: str) -> dict[str, dict]:
    """The manifest's records by ending ({} when there is no manifest)."""
    if not os.path.exists(path):
        return {}
    out: dict[str, dict] = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            f_ = line.split("\t")
            if len(f_) != len(FIELDS):
                raise ClusterError(f"{path}:{n}: {len(f_)} fields, not {len(FIELDS)}")
            try:
                rec = {
                    "ending": f_[0],
                    "words": int(f_[1]),
                    "positions": int(f_[2]),
                    "seconds": float(f_[3]),
                    "wall": float(f_[4]),
                    "rss": int(f_[5]),
                    "floor": int(f_[6]),
                    "bytes": int(f_[7]),
                    "sha256": f_[8],
                }
            except ValueError as e:
                raise ClusterError(f"{path}:{n}: {e}") from None
            out[rec["ending"]] = rec
    return out


def write_manifest(path: str, records: list[dict]) -> None:
    """The manifest rewritten whole: a temporary file beside it, fsynced, renamed over it."""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".manifest.", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(HEADER + "\n")
            for r in records:
                f.write(
                    f"{r['ending']}\t{r['words']}\t{r['positions']}\t{r['seconds']:.3f}\t"
                    f"{r['wall']:.3f}\t{r['rss']}\t{r['floor']}\t{r['bytes']}\t{r['sha256']}\n"
                )
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    fsync_dir(d)


# --- one task ------------------------------------------------------------------------------


def link_or_copy(src: str, dst: str) -> bool:
    """Hard-links `src` at `dst` (True), or copies it where links fail (False)."""
    try:
        os.link(src, dst)
        return True
    except OSError:
        shutil.copy2(src, dst)
        return False


def generate_one(cfg: dict, name: str, words: int, closure: list[str], *deps) -> dict:
    """Generate one ending in a private scratch directory and move its table into `cfg["out"]`.

    `deps` are the records of the sub-endings' tasks (under Ray, their object refs resolved:
    what makes Ray run this task after them); they are not read otherwise.
    """
    out = cfg["out"]
    scratch_root = os.path.join(out, SCRATCH)
    os.makedirs(scratch_root, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix=f"{name}.", dir=scratch_root)
    linked: list[str] = []
    try:
        for s in closure:
            src = os.path.join(out, f"{s}.gjtb")
            dst = os.path.join(scratch, f"{s}.gjtb")
            if not os.path.isfile(src):
                raise ClusterError(f"{name}: the table of its sub-ending {s} is not in {out}")
            if link_or_copy(src, dst):
                linked.append(s)
            # Its win/draw/loss file too, when there, or generate would write it again here.
            wdl = os.path.join(out, f"{s}.gjwdl")
            if os.path.isfile(wdl):
                link_or_copy(wdl, os.path.join(scratch, f"{s}.gjwdl"))
        cmd = [cfg["gjjq"], "tablebase", "generate", "--dir", scratch, "--units", str(cfg["units"]),
               "--ending", name, "--threads", "1"]
        if cfg.get("nice"):
            cmd = ["nice", "-n", str(cfg["nice"])] + cmd
        with open(os.path.join(scratch, ".stdout"), "w+b") as so, open(os.path.join(scratch, ".stderr"), "w+b") as se:
            floor = resident_bytes()
            start = time.monotonic()
            child = subprocess.Popen(cmd, stdout=so, stderr=se, stdin=subprocess.DEVNULL)
            # wait4, not Popen.wait: the child's own resource usage (its peak resident set).
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.monotonic() - start
            child.returncode = os.waitstatus_to_exitcode(status)
            so.seek(0)
            se.seek(0)
            stdout = so.read().decode("utf-8", "replace")
            stderr = se.read().decode("utf-8", "replace")
        if child.returncode != 0:
            tail = stderr.strip().splitlines()[-3:]
            raise ClusterError(f"{name}: gjjq tablebase generate exited {child.returncode}: {' / '.join(tail)}")
        lines = {ln.split(" ")[0]: ln.split(" ") for ln in stdout.splitlines() if ln.strip()}
        if name not in lines or len(lines[name]) != 3:
            raise ClusterError(f"{name}: no `{name} <positions> <seconds>` line from generate")
        made = sorted(f[:-5] for f in os.listdir(scratch) if f.endswith(".gjtb"))
        if made != sorted(closure + [name]):
            extra = sorted(set(made) - set(closure))
            raise ClusterError(f"{name}: generate wrote tables beyond its own: {extra} (sub-endings missing?)")
        for s in linked:
            # A sub-ending generated again would be a new file in place of the link.
            if not os.path.samefile(os.path.join(scratch, f"{s}.gjtb"), os.path.join(out, f"{s}.gjtb")):
                raise ClusterError(f"{name}: generate made its sub-ending {s} again")
        table = os.path.join(scratch, f"{name}.gjtb")
        digest = sha256_of(table)
        size = os.path.getsize(table)
        wdl = os.path.join(scratch, f"{name}.gjwdl")
        if not os.path.isfile(wdl):
            raise ClusterError(f"{name}: generate wrote no {name}.gjwdl")
        os.replace(wdl, os.path.join(out, f"{name}.gjwdl"))
        os.replace(table, os.path.join(out, f"{name}.gjtb"))
        fsync_dir(out)
        return {
            "ending": name,
            "words": words,
            "positions": int(lines[name][1]),
            "seconds": float(lines[name][2]),
            "wall": wall,
            "rss": usage.ru_maxrss * 1024,  # kilobytes on Linux
            "floor": floor,
            "bytes": size,
            "sha256": digest,
        }
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- the driver ----------------------------------------------------------------------------


class Run:
    """One driver's run over a plan into an output directory."""

    def __init__(self, gjjq: str, out: str, units: int, endings: list[str], nice: int = 0):
        self.gjjq = check_binary(gjjq)
        self.nodes = plan(self.gjjq, units, endings)  # before anything is written
        self.units = units
        self.out = os.path.abspath(out)
        os.makedirs(self.out, exist_ok=True)
        self.lock_fd = os.open(os.path.join(self.out, LOCK), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self.lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self.lock_fd)
            raise ClusterError(f"{self.out}: another tb_cluster run holds {LOCK}") from None
        # Scratch left by a killed run (only this driver's tasks write there, and it holds the lock).
        shutil.rmtree(os.path.join(self.out, SCRATCH), ignore_errors=True)
        self.manifest_path = os.path.join(self.out, MANIFEST)
        try:
            self.records = read_manifest(self.manifest_path)
        except BaseException:
            self.close()
            raise
        self.cfg = {"gjjq": self.gjjq, "out": self.out, "units": units, "nice": nice}
        self.closure = closures(self.nodes)

    def __enter__(self) -> "Run":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """The scratch directory removed and the lock released."""
        if self.lock_fd is not None:
            shutil.rmtree(os.path.join(self.out, SCRATCH), ignore_errors=True)
            os.close(self.lock_fd)
            self.lock_fd = None

    def done(self, name: str) -> bool:
        """In the output directory with the manifest's checksum."""
        path = os.path.join(self.out, f"{name}.gjtb")
        rec = self.records.get(name)
        return rec is not None and os.path.isfile(path) and sha256_of(path) == rec["sha256"]

    def todo(self) -> list[Node]:
        todo = []
        for n in self.nodes:
            if self.done(n.name):
                print(f"{n.name} skipped", flush=True)
            else:
                todo.append(n)
        return todo

    def record(self, rec: dict) -> None:
        self.records[rec["ending"]] = rec
        write_manifest(self.manifest_path, list(self.records.values()))
        print(f"{rec['ending']} generated {rec['seconds']:.3f}", flush=True)

    def run_local(self, order: list[Node] | None = None) -> None:
        """Every task in order in this process (`order` defaults to the plan's)."""
        for n in self.todo() if order is None else order:
            self.record(generate_one(self.cfg, n.name, n.words, self.closure[n.name]))

    def run_ray(self, address: str) -> None:
        import ray  # only here: --local needs no Ray

        ray.init(address=address, log_to_driver=False)
        try:
            task = ray.remote(num_cpus=1, max_retries=0)(generate_one)
            refs = {}
            for n in self.todo():
                deps = [refs[s] for s in n.subs if s in refs]
                refs[n.name] = task.remote(self.cfg, n.name, n.words, self.closure[n.name], *deps)
            pending = list(refs.values())
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                try:
                    rec = ray.get(ready[0])
                except Exception as e:
                    for r in pending:
                        ray.cancel(r)
                    cause = getattr(e, "cause", None) or e
                    raise ClusterError(str(cause).strip().splitlines()[-1]) from None
                self.record(rec)
        finally:
            ray.shutdown()


# --- the cost model ------------------------------------------------------------------------


def spread(values: list[float]) -> str:
    if not values:
        return "(none)"
    return (f"median {statistics.median(values):.3g}, min {min(values):.3g}, "
            f"max {max(values):.3g} over {len(values)} endings")


def hours(s: float) -> str:
    return f"{s / 3600:.1f} h" if s < 3600 * 48 else f"{s / 86400:.1f} days"


def schedule(nodes: list[Node], secs: dict[str, float], cores: int) -> float:
    """Makespan of a greedy list schedule: a free core takes the ready ending on the longest
    remaining chain (critical path first)."""
    tail: dict[str, float] = {}
    parents: dict[str, list[str]] = {n.name: [] for n in nodes}
    for n in nodes:
        for s in n.subs:
            parents[s].append(n.name)
    for n in reversed(nodes):
        tail[n.name] = secs[n.name] + max((tail[p] for p in parents[n.name]), default=0.0)
    waiting = {n.name: len(n.subs) for n in nodes}
    ready = [(-tail[n.name], n.name) for n in nodes if not n.subs]
    heapq.heapify(ready)
    running: list[tuple[float, str]] = []
    now, free = 0.0, cores
    while ready or running:
        while ready and free:
            _, name = heapq.heappop(ready)
            heapq.heappush(running, (now + secs[name], name))
            free -= 1
        now, name = heapq.heappop(running)
        free += 1
        for p in parents[name]:
            waiting[p] -= 1
            if waiting[p] == 0:
                heapq.heappush(ready, (-tail[p], p))
    return now


# gjjq_tablebase::MAX_INDEX_WORDS: the generator numbers positions with 32 bits.
MAX_INDEX_WORDS = 2**32 - 1


def cost_model(manifest: str, gjjq: str, units: int = 4, min_words: int = 100_000) -> str:
    """The report: measured rates from the manifest, applied to every ending of ≤ `units`.

    Rates are fitted on the endings of at least `min_words` index words (below that, start-up
    and reading sub-tables dominate): seconds per word as total seconds over total words,
    peak resident bytes per word likewise, with their spread across those endings.
    """
    if not os.path.isfile(manifest):
        raise ClusterError(f"{manifest}: no such manifest file")
    recs = list(read_manifest(manifest).values())
    if not recs:
        raise ClusterError(f"{manifest}: no records")
    fit = [r for r in recs if r["words"] >= min_words and r["seconds"] > 0]
    if not fit:
        raise ClusterError(f"{manifest}: no ending of at least {min_words} index words to fit")
    sec_per_word = sum(r["seconds"] for r in fit) / sum(r["words"] for r in fit)
    # Memory only where the child's peak rose well above the floor it inherited.
    mem = [r for r in fit if r["rss"] > 1.5 * r["floor"]]
    rss_per_word = max((r["rss"] / r["words"] for r in mem), default=0.0)
    nodes = plan(check_binary(gjjq), units, [])
    secs = {n.name: n.words * sec_per_word for n in nodes}
    # Critical path: the longest chain of dependent endings weighted by predicted seconds.
    path: dict[str, float] = {}
    for n in nodes:
        path[n.name] = secs[n.name] + max((path[s] for s in n.subs), default=0.0)
    crit = max(path, key=path.get)
    total_words = sum(n.words for n in nodes)
    max_rate = max(r["seconds"] / r["words"] for r in fit)
    total_secs = sum(secs.values())
    by_words = {n.name: n for n in nodes}
    largest = max(nodes, key=lambda n: n.words)

    # The generator's own memory per index word: the measured median where the sample shows
    # one, else its design (value and outside words, witness, marks, level lists, the table
    # written: about 14 bytes); the sub-tables it reads are mapped, 2 bytes a word.
    work = statistics.median(r["rss"] / r["words"] for r in mem) if mem else 14.0

    too_large = sorted(n.name for n in nodes if n.words > MAX_INDEX_WORDS)

    def need(n: Node) -> float:
        return work * n.words + 2 * sum(by_words[s].words for s in n.subs)
    lines = [
        f"measured: {len(recs)} endings in {manifest}, fitted on {len(fit)} of ≥ {min_words} index words",
        f"  seconds per index word: {sec_per_word:.3e} overall; per ending "
        + spread([r["seconds"] / r["words"] for r in fit]),
        f"  peak resident bytes per index word: {rss_per_word:.2f} (max); per ending "
        + spread([r["rss"] / r["words"] for r in mem])
        + f" (of {len(fit)}, those whose peak is over 1.5 × the inherited floor)",
        f"  bytes on disk per index word: per ending " + spread([r["bytes"] / r["words"] for r in fit]),
        f"  positions per index word: per ending " + spread([r["positions"] / r["words"] for r in fit]),
        f"the ≤ {units}-unit set: {len(nodes)} endings, {total_words:.4g} index words",
        f"  predicted single-core time: {total_secs / 3600:.4g} core-hours ({hours(total_secs)})",
        f"  at the slowest measured rate ({max_rate:.3e} s/word): {max_rate * total_words / 3600:.4g} core-hours",
        f"  disk at 2 bytes per word: {2 * total_words / 1e9:.4g} GB "
        f"(and {total_words / 4 / 1e9:.4g} GB of .gjwdl files, two bits a word)",
        f"  endings needing more memory than ({work:.3g} B/word + sub-tables at 2 B/word): "
        + ", ".join(f"{gb} GB {sum(1 for n in nodes if need(n) > gb * 1e9)}" for gb in (4, 16, 32)),
        f"  largest ending {largest.name}: {largest.words:.4g} words, "
        f"{hours(secs[largest.name])} on one core; memory ≈ {work:.3g} B/word + mapped sub-tables "
        f"(2 B/word) = {need(largest) / 1e9:.3g} GB; "
        f"at the measured peak {rss_per_word:.2f} B/word: {rss_per_word * largest.words / 1e9:.3g} GB",
        f"  critical path: {hours(path[crit])} (ends at {crit})",
        f"  endings over the generator's 32-bit numbering ({MAX_INDEX_WORDS} words), refused "
        f"until it is widened: {len(too_large)}" + (f" ({', '.join(too_large)})" if too_large else ""),
    ]
    for cores in (64, 512, 4096):
        bound = max(total_secs / cores, path[crit])
        lines.append(
            f"  {cores} cores: ≥ {hours(bound)} (work/cores {hours(total_secs / cores)}, critical path "
            f"{hours(path[crit])}); greedy schedule {hours(schedule(nodes, secs, cores))}"
        )
    return "\n".join(lines)


# --- command line --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="generate endings as a task graph")
    r.add_argument("--gjjq", required=True, help="the gjjq binary")
    r.add_argument("--out", required=True, help="the shared output directory")
    r.add_argument("--units", type=int, required=True)
    r.add_argument("--ending", action="append", default=[])
    r.add_argument("--local", action="store_true", help="in this process, in order, without Ray")
    r.add_argument("--address", default="auto", help="the Ray cluster (ray.init address)")
    r.add_argument("--nice", type=int, default=0, help="run each generator under nice -n")
    c = sub.add_parser("cost-model", help="the cost model from a manifest")
    c.add_argument("manifest")
    c.add_argument("--gjjq", required=True, help="the gjjq binary (for plan's index sizes)")
    c.add_argument("--units", type=int, default=4)
    c.add_argument("--min-words", type=int, default=100_000)
    a = ap.parse_args(argv)
    try:
        if a.command == "run":
            with Run(a.gjjq, a.out, a.units, a.ending, a.nice) as run:
                start = time.monotonic()
                if a.local:
                    run.run_local()
                else:
                    run.run_ray(a.address)
            print(f"{len(run.nodes)} endings in {time.monotonic() - start:.1f} s", file=sys.stderr)
        else:
            print(cost_model(a.manifest, a.gjjq, a.units, a.min_words))
    except (ClusterError, OSError) as e:
        print(f"tb_cluster: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
