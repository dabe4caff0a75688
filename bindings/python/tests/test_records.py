"""Records and game files round-trip: writing in any form and reading back gives the same
game; the repository's sample file reads; errors name where they are."""

import pytest

import gjjq
from conftest import REPO, random_game


@pytest.mark.parametrize("form", ["simplified", "traditional", "ascii"])
def test_game_text_round_trips(form):
    for seed in range(5):
        game = random_game(seed)
        game.set_tag("Red", "random")
        game.add_comment("the last move")
        text = game.to_text(form)
        (back,) = gjjq.parse_games(text)
        assert back.moves == game.moves
        assert back.position == game.position
        assert back.outcome() == game.outcome() or game.outcome() is None
        assert back.tags["Red"] == "random"
        assert back.comments[-1] == ["the last move"]
        assert back.to_text(form) == text


def test_simplified_text_is_the_records():
    game = gjjq.Game()
    game.push("3E7d")
    game.push("5b5a")
    assert str(game) == "1. 弹3E攻7d 团5b进5a *\n"
    assert "1. 彈3E攻7d 團5b進5a *" in game.to_text("traditional")
    assert "1. 3E7d 5b5a *" in game.to_text("ascii")


def test_setup_and_rules_tags_are_written_and_read():
    start = gjjq.Position.from_string("4k4/9/9/9/9/9/9/9/4I4/4K4 r -", '{"return_rule":"immediate"}')
    game = gjjq.Game(start)
    game.push("5D5C")
    text = str(game)
    assert '[Setup "4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1"]' in text
    assert "[Rules " in text
    (back,) = gjjq.parse_games(text)
    assert back.start == start and back.position.rules == start.rules


def test_files_stream_and_write(tmp_path):
    games = [random_game(seed, max_plies=120) for seed in range(6)]
    path = tmp_path / "games.gjjq"
    assert gjjq.write_games(path, games[:4]) == 4
    assert gjjq.write_games(str(path), games[4:], form="ascii", append=True) == 2
    reader = gjjq.read_games(path)
    assert iter(reader) is reader
    back = list(reader)
    assert [g.moves for g in back] == [g.moves for g in games]


def test_sample_file_replays():
    (game,) = list(gjjq.read_games(REPO / "examples" / "sample.gjjq"))
    assert game.tags["Red"] == "random mover"
    assert game.outcome() is not None and game.outcome().winner == "red"
    assert game.ply > 90
    assert any("R-19" in c for cs in game.comments for c in cs)


def test_bad_files_raise_with_positions(tmp_path):
    path = tmp_path / "bad.gjjq"
    path.write_text("1. 团5B进5A 团5b进5a\n2. 团5A进5B *\n", encoding="utf-8")
    with pytest.raises(gjjq.GameFileError, match="move 3"):
        list(gjjq.read_games(path))
    with pytest.raises(gjjq.GameFileError):
        gjjq.parse_games('[Red "x\n')
    with pytest.raises(OSError):
        gjjq.read_games(tmp_path / "missing.gjjq")


# Issue 26: read_games and write_games take file objects (text and binary) as well as paths.
def sample_games():
    games = [random_game(seed) for seed in range(3)]
    games[0].set_tag("Event", "file objects")
    return games


def test_read_games_from_file_objects(tmp_path):
    import io

    games = sample_games()
    text = "\n".join(g.to_text() for g in games)
    path = tmp_path / "games.gjjq"
    path.write_text(text, encoding="utf-8")
    want = [g.moves for g in games]
    with open(path, encoding="utf-8") as f:
        assert [g.moves for g in gjjq.read_games(f)] == want
    with open(path, "rb") as f:
        assert [g.moves for g in gjjq.read_games(f)] == want
    assert [g.moves for g in gjjq.read_games(io.StringIO(text))] == want
    assert [g.moves for g in gjjq.read_games(io.BytesIO(text.encode()))] == want
    assert [g.moves for g in gjjq.read_games(path)] == want  # a pathlib.Path
    assert [g.moves for g in gjjq.read_games(str(path))] == want


def test_write_games_to_file_objects(tmp_path):
    import io

    games = sample_games()
    by_path = tmp_path / "by_path.gjjq"
    assert gjjq.write_games(by_path, games) == 3
    expected = by_path.read_bytes()
    text = io.StringIO()
    assert gjjq.write_games(text, games) == 3
    assert text.getvalue().encode() == expected
    binary = io.BytesIO()
    assert gjjq.write_games(binary, iter(games), form="simplified") == 3
    assert binary.getvalue() == expected
    with open(tmp_path / "t.gjjq", "w", encoding="utf-8") as f:
        gjjq.write_games(f, games[:1])
        gjjq.write_games(f, games[1:])
    assert (tmp_path / "t.gjjq").read_bytes() == expected
    with open(tmp_path / "b.gjjq", "wb") as f:
        gjjq.write_games(f, games, form="ascii")
    assert [g.moves for g in gjjq.read_games(tmp_path / "b.gjjq")] == [g.moves for g in games]


def test_file_object_errors_name_the_file():
    import io

    bad = io.StringIO("1. 团5B进5A\n2. 团5b进5a *\n")
    bad.name = "broken.gjjq"
    with pytest.raises(gjjq.GameFileError, match=r"^broken\.gjjq: 2:1: expected move number 1\.\.\. .*found 2\.$"):
        list(gjjq.read_games(bad))
    with pytest.raises(TypeError, match="a path or a file object"):
        gjjq.read_games(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a path or a file object"):
        gjjq.write_games(3, [])  # type: ignore[arg-type]
    with pytest.raises(gjjq.GjjqError, match="append=True applies to a path"):
        gjjq.write_games(io.StringIO(), [], append=True)

    class Odd:
        def read(self, n):
            return 42

    with pytest.raises(gjjq.GameFileError, match="returned int, not bytes or str"):
        list(gjjq.read_games(Odd()))


# Issue 26: a wrong move number says which number was expected and why.
def test_wrong_move_number_says_what_and_why():
    game = gjjq.Game()
    for m in ["5B5A", "5b5a", "5A5B"]:
        game.push(m)
    text = str(game)
    assert text.startswith("1. 团5B进5A 团5b进5a\n2. ")
    with pytest.raises(gjjq.GameFileError) as info:
        gjjq.Game.from_text(text.replace("2. ", "3. "))
    message = str(info.value)
    assert "2:1: expected move number 2. (the next move is Red's;" in message
    assert "go up by one after each Green move), found 3." in message
    with pytest.raises(gjjq.GameFileError, match=r"expected move number 1\.\.\. \(the next move is Green's"):
        gjjq.Game.from_text("1. 团5B进5A 1. 团5b进5a *\n")
    setup = '[Setup "4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 40"]\n\n'
    with pytest.raises(gjjq.GameFileError, match=r"expected move number 40\. \(.*Setup tag's number"):
        gjjq.Game.from_text(setup + "1. 团5D进5C *\n")


# Issue 26: messages that name a kind use its article ("an infantry", "an army").
def test_kind_names_take_their_article():
    pos = gjjq.Position()
    assert pos.piece_at("3D").kind == "army"
    with pytest.raises(gjjq.IllegalMoveError) as info:
        pos.play("团3D移4D")
    assert "the record names an infantry but an army stands on 3D" in str(info.value)
    assert " a infantry" not in str(info.value) and " a army" not in str(info.value)
    with pytest.raises(gjjq.IllegalMoveError, match="names a missile but an infantry stands on 5B"):
        pos.play("弹5B进5A")
