"""SVG pictures (issue 26): `Position` and `Game` draw themselves in Jupyter (`_repr_svg_`)
with the facade's renderer, and `gjjq.svg` takes the last move and a flipped view."""

import xml.etree.ElementTree as ET

import pytest

import gjjq

NS = "{http://www.w3.org/2000/svg}"


def pieces(svg: str) -> int:
    return svg.count('<g class="piece ')


def test_position_draws_itself():
    pos = gjjq.Position()
    svg = pos._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    ET.fromstring(svg)  # well-formed
    assert pieces(svg) == 32
    assert '<g class="piece red missile" data-square="3E"' in svg
    assert 'class="last-move' not in svg
    assert svg == gjjq.svg(pos)


def test_game_draws_its_position_and_last_move():
    game = gjjq.Game()
    assert 'class="last-move' not in game._repr_svg_()
    game.push("3E7d")
    svg = game._repr_svg_()
    assert svg == gjjq.svg(game)
    assert pieces(svg) == 31  # the missile and the army it struck are gone, R-15 …
    assert 'class="last-move from"' in svg and 'class="last-move to"' in svg
    assert 'class="last-move arrow"' in svg
    # The same picture from the position and the move given by hand.
    assert gjjq.svg(game.position, last_move="3E7d") == svg
    assert gjjq.svg(game.position, last_move=gjjq.Move.from_ascii("3E7d")) == svg


def test_flipped_turns_the_board_and_keeps_the_text_upright():
    pos = gjjq.Position()
    plain = gjjq.svg(pos)
    flipped = gjjq.svg(pos, flipped=True)
    assert 'class="flipped"' not in plain
    root = ET.fromstring(flipped)
    (group,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "flipped"]
    assert group.get("transform") == "rotate(180 500 570)"
    texts = list(group.iter(f"{NS}text"))
    assert texts and all((t.get("transform") or "").startswith("rotate(180") for t in texts)
    # Every labelled text turns back about its own anchor.
    for t in texts:
        if t.get("x") is not None:
            assert t.get("transform") == f"rotate(180 {t.get('x')} {t.get('y')})"
    assert pieces(flipped) == 32
    assert len(texts) == plain.count("<text")


def test_size_and_script():
    svg = gjjq.svg(gjjq.Position(), size=300, script="traditional")
    assert 'width="300"' in svg and ">總</text>" in svg


def test_bad_arguments_are_typed_errors():
    with pytest.raises(gjjq.MoveParseError):
        gjjq.svg(gjjq.Position(), last_move="5B")
    with pytest.raises(gjjq.MoveParseError):
        gjjq.svg(gjjq.Position(), last_move=3)
    with pytest.raises(gjjq.GjjqError, match="Position or a Game"):
        gjjq.svg("4k4/9/9/9/9/9/9/9/4I4/4K4 r -")  # type: ignore[arg-type]
    with pytest.raises(gjjq.GjjqError):
        gjjq.svg(gjjq.Position(), script="cursive")  # type: ignore[arg-type]
