#!/usr/bin/env python3
"""Tests of tools/endgame_table.py (the seed's endgame table in docs/endgames.md).

Run: `python3 tools/test_endgame_table.py` (standard library only, no tables needed: the
stats are made up here; CI runs it in the tb-cluster stage). Under a second.
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the tree (CI's clean-tree stage)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import endgame_table as et  # noqa: E402


def line(name, placements, red, green, longest=0, position=None):
    r = "/".join(map(str, red))
    g = "/".join(map(str, green))
    return (f"{name} positions {placements} placements {placements} red {r} green {g} "
            f"longest-win {longest} {position or '-'}")


def every_pairing():
    """A stats text with a line for every pairing the tables need, all drawn."""
    s, d, t = et.forces(1), et.forces(2), et.forces(3)
    pairs = [(f, "K") for f in s + d + t] + [(a, b) for a in s for b in s]
    pairs += [(x, y) for x in d for y in s]
    names = sorted({f"{r}v{g}" for r, g in pairs})
    return [line(n, 10, (0, 10, 0), (0, 10, 0)) for n in names]


class Forces(unittest.TestCase):
    def test_counts_follow_r7(self):
        # R-6 kinds, R-7 counts: at most two of a kind, infantry three.
        self.assertEqual(len(et.forces(1)), 7)
        self.assertEqual(len(et.forces(2)), 28)
        self.assertEqual(len(et.forces(3)), 78)
        self.assertIn("III", et.forces(3))
        self.assertNotIn("DDD", et.forces(3))
        self.assertIn("FF", et.forces(2))


class Parse(unittest.TestCase):
    def test_line_round_trip(self):
        text = line("IIvD", 100, (78, 22, 0), (31, 40, 29), 175,
                    "6I2/9/5k3/6d2/9/9/9/9/3K5/3I5 r - 0 1")
        s = et.parse_stats(text)["IIvD"]
        self.assertEqual((s.placements, s.red, s.green, s.longest),
                         (100, (78, 22, 0), (31, 40, 29), 175))
        self.assertEqual(s.position, "6I2/9/5k3/6d2/9/9/9/9/3K5/3I5 r - 0 1")
        self.assertIsNone(et.parse_stats(line("GvK", 5, (0, 5, 0), (0, 5, 0)))["GvK"].position)

    def test_bad_line_names_its_number(self):
        with self.assertRaises(SystemExit) as e:
            et.parse_stats(line("IvK", 1, (1, 0, 0), (0, 0, 1)) + "\nIvK positions 3\n")
        self.assertIn("stats line 2", str(e.exception))


class Rows(unittest.TestCase):
    def stats(self, *lines):
        return et.parse_stats("\n".join(lines))

    def test_forced_win_and_the_other_side_to_move(self):
        # Green to move: 30 losses of Green are 30 wins of the first force (Red).
        st = self.stats(line("IvK", 100, (100, 0, 0), (0, 70, 30), 27))
        r = et.row(st, "I", "K")
        self.assertIn("| 100.0 / 0.0 / 0.0 | 30.0 / 70.0 / 0.0 | 27 | **I** (to move) |", r)

    def test_forced_win_of_the_second_force(self):
        st = self.stats(line("AvP", 50, (10, 0, 40), (50, 0, 0), 11))
        self.assertTrue(et.row(st, "A", "P").endswith("| **P** (to move) |"))

    def test_summary_counts_forced_wins_of_both_forces(self):
        st = self.stats(line("IvK", 9, (9, 0, 0), (0, 9, 0), 27),
                        line("AvP", 5, (1, 0, 4), (5, 0, 0), 11),
                        line("GvG", 3, (0, 3, 0), (0, 3, 0)))
        self.assertEqual(et.summary([("I", "K"), ("A", "P"), ("G", "G")], st),
                         "3 pairings: 1 forced win for the first force, 1 forced win for the "
                         "other; the longest win is `IvK`'s, 27 plies.")

    def test_names_match_whatever_the_letter_order(self):
        st = self.stats(line("DIvA", 4, (1, 2, 1), (1, 2, 1)))
        self.assertIn("`DIvA`", et.row(st, "ID", "A"))
        with self.assertRaises(SystemExit) as e:
            et.row(st, "A", "ID")
        self.assertIn("no table for AvID", str(e.exception))


class Write(unittest.TestCase):
    def test_replaces_only_the_marked_section(self):
        stats = "\n".join(every_pairing())
        with tempfile.TemporaryDirectory() as d:
            doc = os.path.join(d, "doc.md")
            with open(doc, "w", encoding="utf-8") as f:
                f.write(f"before\n{et.START}\nold\n{et.END}\nafter\n")
            saved = os.path.join(d, "stats.txt")
            with open(saved, "w", encoding="utf-8") as f:
                f.write(stats)
            argv = sys.argv
            try:
                sys.argv = ["endgame_table.py", "--gjjq", "/nonexistent", "--dir", d,
                            "--stats", saved, "--write", doc]
                self.assertEqual(et.main(), 0)
            finally:
                sys.argv = argv
            with open(doc, encoding="utf-8") as f:
                text = f.read()
            self.assertTrue(text.startswith(f"before\n{et.START}\n"))
            self.assertTrue(text.endswith(f"{et.END}\nafter\n"))
            self.assertNotIn("old", text)
            for title in ("Each force against a bare king", "Each double against each single",
                          "Each triple against a bare king"):
                self.assertIn(f"### {title}", text)
            # 35 + 28 + 196 + 78 rows (singles and doubles v K, single v single, ...).
            self.assertEqual(text.count("\n| "), 4 + 35 + 28 + 196 + 78)
            self.assertEqual(sorted(os.listdir(d)), ["doc.md", "stats.txt"])

    def test_missing_markers_leave_the_file_alone(self):
        with tempfile.TemporaryDirectory() as d:
            doc = os.path.join(d, "doc.md")
            with open(doc, "w", encoding="utf-8") as f:
                f.write("no markers\n")
            saved = os.path.join(d, "stats.txt")
            with open(saved, "w", encoding="utf-8") as f:
                f.write("\n".join(every_pairing()))
            argv = sys.argv
            try:
                sys.argv = ["endgame_table.py", "--gjjq", "x", "--dir", d, "--stats", saved,
                            "--write", doc]
                with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
                    et.main()
            finally:
                sys.argv = argv
            with open(doc, encoding="utf-8") as f:
                self.assertEqual(f.read(), "no markers\n")


if __name__ == "__main__":
    unittest.main()
