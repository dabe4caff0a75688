"""Endgame tables (crate gjjq-tablebase) from Python: generate, open, probe, best moves,
errors."""

import pytest

import gjjq


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tables")
    gjjq.Tablebase.generate(directory, ["IvK"])
    return directory


def test_open_and_probe(tables):
    tb = gjjq.Tablebase.open(tables)
    assert tb.endings() == ["KvK", "IvK"] or sorted(tb.endings()) == ["IvK", "KvK"]
    assert tb.max_units() == 1
    # Red's infantry beside Green's king, Red to move: takes it.
    pos = gjjq.Position.from_string("3k5/3I5/9/9/9/9/9/9/9/4K4 r -")
    assert tb.probe_wdl(pos) == 1
    assert tb.probe_dtm(pos) == (1, 1)
    # Green to move takes the infantry: kings alone are a draw.
    assert tb.probe_dtm(gjjq.Position.from_string("4k4/4I4/9/9/9/9/9/9/9/4K4 g -")) == (0, 0)
    moves = tb.best_moves(pos)
    assert len(moves) == len(pos.legal_moves())
    best, wdl, plies = moves[0]
    assert (wdl, plies) == (1, 1) and pos.play(best).outcome() is not None
    # Every move's value is the value after it seen from the mover.
    for m, wdl, plies in moves:
        after = tb.probe_dtm(pos.play(m))
        assert wdl == -after[0] and (wdl == 0 or plies == after[1] + 1)


def test_errors(tables, tmp_path):
    tb = gjjq.Tablebase.open(tables)
    with pytest.raises(gjjq.TablebaseError):
        tb.probe_wdl(gjjq.Position())  # thirty units
    with pytest.raises(gjjq.TablebaseError):
        tb.probe_dtm(gjjq.Position.from_string("3k5/3D5/9/9/9/9/9/9/9/4K4 r -"))  # no DvK table
    with pytest.raises(gjjq.TablebaseError):
        gjjq.Tablebase.open(tmp_path / "missing")
    with pytest.raises(gjjq.TablebaseError):
        gjjq.Tablebase.generate(tmp_path, ["XvK"])
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    data = bytearray((tables / "IvK.gjtb").read_bytes())
    data[len(data) // 2] ^= 1
    (damaged / "IvK.gjtb").write_bytes(bytes(data))
    with pytest.raises(gjjq.TablebaseError, match="corrupt"):
        gjjq.Tablebase.open(damaged)
    assert isinstance(gjjq.TablebaseError("x"), gjjq.GjjqError)


def test_wdl_files_alone_answer_as_the_tables(tables, tmp_path):
    only = tmp_path / "wdl"
    only.mkdir()
    for name in ["KvK", "IvK"]:
        (only / f"{name}.gjwdl").write_bytes((tables / f"{name}.gjwdl").read_bytes())
    wdl = gjjq.WdlTablebase.open(only)
    assert sorted(wdl.endings()) == ["IvK", "KvK"]
    assert wdl.max_units() == 1
    assert repr(wdl) == "WdlTablebase(endings=2, max_units=1)"
    tb = gjjq.Tablebase.open(tables)
    pos = gjjq.Position.from_string("3k5/3I5/9/9/9/9/9/9/9/4K4 r -")
    seen = set()
    for m in pos.legal_moves():
        after = pos.play(m)
        assert wdl.probe_wdl(after) == tb.probe_wdl(after)
        seen.add(wdl.probe_wdl(after))
    assert wdl.probe_wdl(pos) == 1
    assert -1 in seen  # the capture of the king leaves Green lost
    with pytest.raises(gjjq.TablebaseError):
        wdl.probe_wdl(gjjq.Position())
    with pytest.raises(gjjq.TablebaseError, match="no table"):
        gjjq.WdlTablebase.open(tables).probe_wdl(
            gjjq.Position.from_string("3k5/3D5/9/9/9/9/9/9/9/4K4 r -")
        )
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    data = bytearray((tables / "IvK.gjwdl").read_bytes())
    data[len(data) // 2] ^= 1
    (damaged / "IvK.gjwdl").write_bytes(bytes(data))
    with pytest.raises(gjjq.TablebaseError, match="corrupt"):
        gjjq.WdlTablebase.open(damaged)
