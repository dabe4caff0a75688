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
