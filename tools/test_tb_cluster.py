#!/usr/bin/env python3
"""Tests of tools/tb_cluster.py in its `--local` mode (no Ray), on endings of ≤ 2 units.

Run: `GJJQ=target/release/gjjq python3 tools/test_tb_cluster.py` (GJJQ defaults to
target/release/gjjq; CI runs it after building that binary). A few seconds.
"""

import contextlib
import io
import os
import shutil
import stat
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the tree (CI's clean-tree stage)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tb_cluster as tc  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GJJQ = os.path.abspath(os.environ.get("GJJQ", os.path.join(ROOT, "target", "release", "gjjq")))
# Everything of ≤ 1 unit that GvG and IvK reach, and one 2-unit ending.
ENDINGS = ["GvG", "IvK"]
EXPECTED = ["KvK", "GvK", "IvK", "KvG", "GvG"]


def run(out, *extra, endings=ENDINGS, gjjq=GJJQ):
    """tb_cluster.py run --local: (exit code, stdout lines, stderr)."""
    argv = ["run", "--local", "--gjjq", gjjq, "--out", out, "--units", "2"]
    for e in endings:
        argv += ["--ending", e]
    so, se = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(so), contextlib.redirect_stderr(se):
        rc = tc.main(argv + list(extra))
    return rc, so.getvalue().splitlines(), se.getvalue()


def tables(out):
    return sorted(f for f in os.listdir(out) if f.endswith(".gjtb"))


def wdl_files(out):
    return sorted(f for f in os.listdir(out) if f.endswith(".gjwdl"))


def manifest_lines(out):
    with open(os.path.join(out, tc.MANIFEST), encoding="utf-8") as f:
        return [ln.rstrip("\n").split("\t") for ln in f if not ln.startswith("#")]


class TbCluster(unittest.TestCase):
    def setUp(self):
        if not os.access(GJJQ, os.X_OK):
            self.fail(f"no gjjq binary at {GJJQ} (cargo build --release -p gjjq-cli)")
        self.dir = tempfile.mkdtemp(prefix="tb_cluster_test.")
        self.out = os.path.join(self.dir, "out")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_generates_in_order_with_a_checked_manifest_then_resumes(self):
        rc, lines, err = run(self.out)
        self.assertEqual(rc, 0, err)
        self.assertEqual(lines, [f"{e} generated {ln.split()[2]}" for e, ln in zip(EXPECTED, lines)])
        self.assertEqual(tables(self.out), sorted(f"{e}.gjtb" for e in EXPECTED))
        # Each ending's win/draw/loss file beside its table; no scratch or temporary file left.
        self.assertEqual(wdl_files(self.out), sorted(f"{e}.gjwdl" for e in EXPECTED))
        self.assertEqual(
            sorted(os.listdir(self.out)),
            sorted(tables(self.out) + wdl_files(self.out) + [tc.MANIFEST, tc.LOCK]),
        )
        rows = manifest_lines(self.out)
        self.assertEqual([r[0] for r in rows], EXPECTED)
        plan = {n.name: n for n in tc.plan(GJJQ, 2, ENDINGS)}
        for r in rows:
            path = os.path.join(self.out, f"{r[0]}.gjtb")
            self.assertEqual(r[8], tc.sha256_of(path), r[0])
            self.assertEqual(int(r[7]), os.path.getsize(path), r[0])
            self.assertEqual(int(r[1]), plan[r[0]].words, r[0])
            self.assertGreater(int(r[2]), 0, r[0])
            self.assertGreater(int(r[6]), 0, r[0])  # the spawner's resident set
            self.assertGreaterEqual(int(r[5]), int(r[6]) // 2, r[0])  # a peak resident set was read
        # Every ending after its sub-endings in the manifest (the order tasks finished).
        pos = {r[0]: i for i, r in enumerate(rows)}
        for n in plan.values():
            for s in n.subs:
                self.assertLess(pos[s], pos[n.name], f"{s} before {n.name}")
        # Resumed: nothing generated again, the files untouched.
        before = {f: os.stat(os.path.join(self.out, f)).st_ino for f in tables(self.out)}
        rc, lines, err = run(self.out)
        self.assertEqual(rc, 0, err)
        self.assertEqual(lines, [f"{e} skipped" for e in EXPECTED])
        self.assertEqual(before, {f: os.stat(os.path.join(self.out, f)).st_ino for f in tables(self.out)})

    def test_a_table_not_matching_the_manifest_checksum_is_generated_again(self):
        rc, _, err = run(self.out)
        self.assertEqual(rc, 0, err)
        path = os.path.join(self.out, "GvK.gjtb")
        good = tc.sha256_of(path)
        with open(path, "r+b") as f:  # one byte flipped near the end
            f.seek(-1, os.SEEK_END)
            b = f.read(1)
            f.seek(-1, os.SEEK_END)
            f.write(bytes([b[0] ^ 1]))
        rc, lines, err = run(self.out)
        self.assertEqual(rc, 0, err)
        self.assertEqual([ln.split()[1] for ln in lines], ["skipped", "skipped", "skipped", "skipped", "generated"])
        self.assertEqual(lines[-1].split()[0], "GvK")
        self.assertEqual(tc.sha256_of(path), good)  # generation is deterministic
        self.assertEqual([r[8] for r in manifest_lines(self.out) if r[0] == "GvK"], [good])

    def test_an_order_with_an_ending_before_its_sub_ending_fails(self):
        with tc.Run(GJJQ, self.out, 2, ENDINGS) as r:
            order = list(reversed(r.nodes))
            with self.assertRaises(tc.ClusterError) as e:
                with contextlib.redirect_stdout(io.StringIO()):
                    r.run_local(order)
        self.assertIn("GvG: the table of its sub-ending", str(e.exception))
        self.assertEqual(tables(self.out), [])
        self.assertFalse(os.path.exists(os.path.join(self.out, tc.MANIFEST)))

    def test_the_plan_is_checked(self):
        with self.assertRaises(tc.ClusterError):
            tc.parse_plan("KvK 90 -\nGvG 7290 GvK,KvG\n")
        nodes = tc.parse_plan("KvK 90 -\nGvK 810 KvK\nKvG 810 KvK\nGvG 7290 GvK,KvG\n")
        self.assertEqual(tc.closures(nodes)["GvG"], ["GvK", "KvG", "KvK"])

    def test_bad_input_fails_with_a_message_and_writes_nothing(self):
        rc, _, err = run(self.out, endings=["XvK"])
        self.assertEqual(rc, 1)
        self.assertIn("--ending XvK", err)
        self.assertFalse(os.path.exists(self.out))
        rc, _, err = run(self.out, gjjq=os.path.join(self.dir, "no-such-gjjq"))
        self.assertEqual(rc, 1)
        self.assertIn("no executable file", err)
        self.assertFalse(os.path.exists(self.out))

    def test_a_failed_task_stops_the_run_and_keeps_the_manifest_whole(self):
        # A gjjq that fails to generate GvK and is the real binary otherwise.
        fake = os.path.join(self.dir, "gjjq-failing")
        with open(fake, "w") as f:
            f.write(f'#!/bin/sh\ncase "$*" in *"generate"*"--ending GvK"*) echo boom >&2; exit 3;; esac\nexec "{GJJQ}" "$@"\n')
        os.chmod(fake, stat.S_IRWXU)
        rc, lines, err = run(self.out, gjjq=fake)
        self.assertEqual(rc, 1)
        self.assertIn("GvK: gjjq tablebase generate exited 3: boom", err)
        self.assertEqual(lines, [lines[0]])
        self.assertEqual([r[0] for r in manifest_lines(self.out)], ["KvK"])
        self.assertEqual(tables(self.out), ["KvK.gjtb"])
        self.assertFalse(os.path.exists(os.path.join(self.out, tc.SCRATCH)))
        # The next run with a working binary skips KvK and finishes the rest.
        rc, lines, err = run(self.out)
        self.assertEqual(rc, 0, err)
        self.assertEqual(lines[0], "KvK skipped")
        self.assertEqual(len(manifest_lines(self.out)), len(EXPECTED))

    def test_the_cost_model_reads_the_manifest(self):
        rc, _, err = run(self.out)
        self.assertEqual(rc, 0, err)
        report = tc.cost_model(os.path.join(self.out, tc.MANIFEST), GJJQ, units=2, min_words=1)
        self.assertIn("the ≤ 2-unit set:", report)
        for cores in (64, 512, 4096):
            self.assertIn(f"{cores} cores:", report)
        self.assertIn("refused until it is widened: 0\n", report + "\n")
        # Over four units, the 15 endings the generator's 32-bit numbering cannot hold.
        report = tc.cost_model(os.path.join(self.out, tc.MANIFEST), GJJQ, units=4, min_words=1)
        refused = next(ln for ln in report.splitlines() if "refused until it is widened" in ln)
        self.assertIn(": 15 (", refused)
        self.assertIn("IDvID", refused)
        with self.assertRaises(tc.ClusterError):
            tc.cost_model(os.path.join(self.dir, "none.tsv"), GJJQ, units=2)
        # A damaged manifest is refused by the run, which writes nothing over it.
        path = os.path.join(self.out, tc.MANIFEST)
        with open(path, "a") as f:
            f.write("GvG\t1\n")
        rc, _, err = run(self.out)
        self.assertEqual(rc, 1)
        self.assertIn("fields", err)
        with open(path) as f:
            self.assertTrue(f.read().endswith("GvG\t1\n"))
        rc, _, err = run(self.out)  # the lock was released: the same message again
        self.assertIn("fields", err)


if __name__ == "__main__":
    unittest.main()
