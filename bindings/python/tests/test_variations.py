"""The annotated game from Python (issue 22): python-chess's GameNode habits over the
library's tree of moves; variations, comments and glyphs round-trip through game files; every
tag is kept."""

import io

import pytest

import gjjq

TEXT = (
    '[Event "study"]\n[Setup "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1"]\n\n'
    "1. 团5B进5A!? {main} (1. 团5B退5C? {or this} 1... 团5b进5a) (1. 团4B进4A) "
    "1... 团5b进5a $14 *\n"
)


def test_read_keeps_variations_glyphs_comments_and_every_tag():
    game = gjjq.Game.from_string(TEXT)
    assert game.tags["Event"] == "study"
    assert "Setup" in game.tags, "the Setup tag is kept, not dropped"
    first = game.next()
    assert [str(n.move) for n in game.variations] == ["5B5A", "5B5C", "4B4A"]
    assert first.nags == [5] and first.glyphs == ["!?"]
    assert first.comment == "main"
    alt = game.variations[1]
    assert alt.comments == ["or this"] and alt.glyphs == ["?"]
    assert [str(m) for m in alt.mainline_moves()] == ["5b5a"]
    assert not alt.is_main_variation() and first.is_main_variation()
    assert game.end().nags == [14]
    assert [str(m) for m in game.mainline_moves()] == ["5B5A", "5b5a"]


@pytest.mark.parametrize("form", ["simplified", "traditional", "ascii"])
def test_variations_round_trip_in_every_form(form):
    game = gjjq.Game.from_string(TEXT)
    text = game.to_text(form)
    back = gjjq.Game.from_string(text)
    assert back.to_text(form) == text
    assert back.to_text() == str(game)
    assert len(back.variations) == 3
    assert "(1. " in text


def test_str_of_a_game_without_variations_is_unchanged():
    game = gjjq.Game()
    game.push("3E7d")
    game.push("5b5a")
    assert str(game) == "1. 弹3E攻7d 团5b进5a *\n"


def test_build_a_tree_like_python_chess():
    game = gjjq.Game()
    assert game.root().move is None and game.root().parent is None and game.root().ply() == 0
    a = game.add_variation("5B5A")
    b = a.add_variation("5b5a")
    assert game.end() == b and b.parent == a and b.ply() == 2
    # Adding the move a node already has returns that node, not a copy.
    assert game.add_variation("5B5A") == a
    alt = game.add_variation("4B4A")
    assert [str(n.move) for n in game.variations] == ["5B5A", "4B4A"]
    assert not alt.is_mainline() and b.is_mainline()
    assert alt.position() == alt.board()
    assert alt.position().turn == "green"
    alt.comment = "also good"
    alt.nags = [1]
    assert "(1. 团4B进4A $1 {also good})" in str(game)
    alt.glyphs = ["!"]
    assert alt.nags == [1]
    assert "(1. 团4B进4A! {also good})" in str(game)
    # A new main variation: the line through it is the main line.
    main = game.add_main_variation("3E7d")
    assert game.variations[0] == main
    assert [str(m) for m in game.mainline_moves()] == ["3E7d"]
    assert game.moves == [main.move]
    # promote_to_main and remove_variation take a node or a move.
    game.root().promote_to_main(a)
    assert game.next() == a
    assert [str(m) for m in game.mainline_moves()] == ["5B5A", "5b5a"]
    game.root().remove_variation("3E7d")
    assert [str(n.move) for n in game.variations] == ["5B5A", "4B4A"]
    with pytest.raises(ValueError):
        main.ply()  # its move is gone
    with pytest.raises(ValueError):
        game.root().remove_variation("3E7d")


def test_node_errors_are_typed():
    game = gjjq.Game()
    a = game.add_variation("5B5A")
    with pytest.raises(gjjq.IllegalMoveError):
        a.add_variation("5B5A")  # Red's piece, Green to move
    with pytest.raises(IndexError):
        a.variation(0)
    with pytest.raises(gjjq.GjjqError):
        a.glyphs = ["!!!"]
    with pytest.raises(ValueError):
        game.root().nags = [1]
    with pytest.raises(ValueError):
        a.nags = [256]


def test_push_and_pop_work_on_the_main_line_and_keep_alternatives():
    game = gjjq.Game()
    game.push("5B5A")
    alt = game.add_variation("4B4A")
    game.push("5b5a")
    assert len(game) == 2 and game.ply == 2
    assert str(game.pop()) == "5b5a"
    assert str(game.pop()) == "5B5A"
    # The alternative takes the undone move's place.
    assert game.moves == [alt.move]


def test_write_and_read_a_file_object():
    game = gjjq.Game.from_string(TEXT)
    buf = io.StringIO()
    game.write(buf)
    buf.seek(0)
    back = gjjq.Game.read(buf)
    assert back is not None and str(back) == str(game)
    assert gjjq.Game.read(io.StringIO("")) is None


def test_a_bad_move_in_a_variation_is_an_error_with_its_place():
    with pytest.raises(gjjq.GameFileError, match="1:15"):
        gjjq.Game.from_string("1. 团5B进5A (1. 团5B进5C) *\n")
