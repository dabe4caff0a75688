"""The Python API: positions, moves, pieces, outcomes, games with undo, errors."""

import copy
import pickle

import pytest

import gjjq
from conftest import random_game

OPENING = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1"


def test_default_opening():
    pos = gjjq.Position()
    assert str(pos) == OPENING == gjjq.DEFAULT_OPENING
    assert pos == gjjq.Position.from_string(OPENING)
    assert pos.turn == gjjq.RED
    assert len(pos.legal_moves()) == 51
    assert pos.outcome() is None and not pos.is_game_over()
    assert pos.piece_at("5E") == gjjq.Piece.from_symbol("K")
    assert pos.piece_at(4).kind == "king" and pos.piece_at("5e").side == "green"
    assert pos.piece_at("5C") is None
    assert len(pos.pieces()) == 32
    assert pos.piece_count("red") == pos.piece_count("g") == 16
    assert pos.is_sealed() and not pos.kings_may_face()
    assert pos.move_number == 1 and pos.plies_since_capture == 0


def test_play_returns_a_new_position():
    pos = gjjq.Position()
    after = pos.play("3E7d")
    assert str(pos) == OPENING  # unchanged
    assert after.turn == "green"
    assert after.pending_return("red") == ("7d", "3E")
    assert after.pending_return("green") is None
    assert after.piece_at("7d") == gjjq.Piece.from_symbol("M")
    assert pos.play(gjjq.Move.from_ascii("3E7d")) == after
    assert pos.play("弹3E攻7d") == after == pos.play("彈3E攻7d")
    assert pos.play_action(gjjq.Move.from_ascii("3E7d").action) == after
    # with the origin free, the return is Red's only move after Green's reply.
    back = after.play("5b5a")
    assert [m.ascii() for m in back.legal_moves()] == ["7d3E"]


def test_check_and_captures():
    pos = gjjq.Position.from_string("4k4/9/9/9/9/9/9/9/9/4K4 r -")
    assert pos.is_check() and pos.checkers() == ["5e"]  # facing kings, 2 pieces left
    assert not gjjq.Position().is_check()
    opening = gjjq.Position()
    assert opening.is_capture("3E7d") and not opening.is_capture("5B5A")
    captures = [m for m in opening.legal_moves() if opening.is_capture(m)]
    assert {m.from_label for m in captures} == {"3E", "7E"}  # only the missiles strike


def test_move_forms():
    m = gjjq.Move.from_ascii("3E7d")
    assert m.ascii() == str(m) == "3E7d"
    assert (m.from_label, m.to_label) == ("3E", "7d")
    assert m.from_square == gjjq.square_index("3E") == 2
    assert gjjq.square_label(m.to_square) == "7d"
    assert m.action == m.from_square * 90 + m.to_square
    assert gjjq.Move.from_action(m.action) == m == gjjq.Move("3E", "7d") == gjjq.Move(2, m.to_square)
    assert eval(repr(m), {"Move": gjjq.Move}) == m
    pos = gjjq.Position()
    assert m.record(pos) == "弹3E攻7d" == pos.record(m)
    assert m.record(pos, script="traditional") == "彈3E攻7d"
    assert pos.parse_move("团5B进5A") == gjjq.Move.from_ascii("5B5A")
    assert len({m, gjjq.Move.from_ascii("3E7d")}) == 1
    assert sorted([gjjq.Move.from_action(5), gjjq.Move.from_action(3)])[0].action == 3
    assert gjjq.flip_square(0) == 89


def test_every_legal_move_has_a_record_that_resolves_back():
    for seed in range(3):
        game = random_game(seed, max_plies=60)
        pos = game.start
        for m in game.moves:
            for script in ("simplified", "traditional"):
                assert pos.parse_move(pos.record(m, script)) == m
            pos = pos.play(m)


def test_errors_carry_the_rust_messages():
    with pytest.raises(gjjq.PositionStringError, match="fields"):
        gjjq.Position.from_string("xx")
    with pytest.raises(gjjq.InvalidPositionError):
        gjjq.Position.from_string("9/9/9/9/9/9/9/9/9/4K4 r -")  # no Green king
    with pytest.raises(gjjq.IllegalMoveError, match="5E5C"):
        gjjq.Position().play("5E5C")
    with pytest.raises(gjjq.MoveParseError):
        gjjq.Move.from_ascii("zz")
    with pytest.raises(gjjq.MoveParseError):
        gjjq.Move.from_action(8100)
    with pytest.raises(gjjq.MoveParseError):
        gjjq.Move(90, 0)
    with pytest.raises(gjjq.RulesetError):
        gjjq.Position("no-such-rules")
    with pytest.raises(gjjq.RulesetError):
        gjjq.Position('{"bogus": 1}')
    with pytest.raises(gjjq.GjjqError):
        gjjq.Position().pending_return("blue")
    assert issubclass(gjjq.IllegalMoveError, gjjq.GjjqError)
    assert issubclass(gjjq.GjjqError, ValueError)


def test_rules_change_the_moves():
    strict = gjjq.Position('{"return_rule": "immediate"}')
    assert '"return_rule":"immediate"' in strict.rules
    after = strict.play("3E7d")
    assert after.pending_return("red") is None  # R-19 option: the striker is back at once
    assert after.piece_at("3E") == gjjq.Piece.from_symbol("M")


def test_game_push_pop_and_history():
    game = gjjq.Game()
    pushed = [game.push("3E7d"), game.push("5b5a"), game.push("7d3E")]
    assert [m.ascii() for m in pushed] == ["3E7d", "5b5a", "7d3E"]
    assert game.moves == pushed and game.ply == len(game) == 3
    assert game.records() == ["弹3E攻7d", "团5b进5a", "弹7d撤3E"]  # backward from the enemy country
    after_two = gjjq.Position().play("3E7d").play("5b5a")
    assert game.pop() == pushed[2]
    assert game.position == after_two
    assert game.records() == ["弹3E攻7d", "团5b进5a"]
    game.pop(); game.pop()
    assert game.position == gjjq.Position() == game.start
    with pytest.raises(IndexError):
        game.pop()


def test_game_outcomes_and_repetition():
    game = gjjq.Game()
    # The kings step out and back twice; the third occurrence draws.
    for _ in range(2):
        for m in ("5E5D", "5e5d", "5D5E", "5d5e"):
            game.push(m)
    assert game.repetitions() == 3
    o = game.outcome()
    assert o == gjjq.Outcome(None, "repetition") and o.is_draw and o.result() == "1/2-1/2"
    assert game.legal_moves() == [] and game.legal_actions() == []
    with pytest.raises(gjjq.GameOverError):
        game.push("5E5D")
    game.pop()
    assert game.outcome() is None and game.repetitions() == 2


def test_game_starts():
    start = gjjq.Position.from_string("4k4/9/9/9/9/9/9/9/4I4/4K4 r -")
    assert gjjq.Game(start).start == start == gjjq.Game(str(start)).start
    assert gjjq.Game(rules='{"king_palace_diagonals":true}').start.rules == gjjq.Position(
        '{"king_palace_diagonals":true}'
    ).rules
    with pytest.raises(gjjq.GjjqError, match="its own rules"):
        gjjq.Game(start, rules="standard")


def test_resign_and_agree():
    game = gjjq.Game()
    game.resign("red")
    assert game.outcome() == gjjq.Outcome("green", "resignation")
    with pytest.raises(gjjq.GameOverError):
        game.agree_draw()
    game = gjjq.Game()
    m = game.push("5B5A")
    game.agree_draw()
    assert game.outcome() == gjjq.Outcome(None, "agreement") and game.legal_moves() == []
    assert game.pop() == m  # the declared result goes with the last move
    assert game.outcome() is None and game.ply == 0 and len(game.legal_moves()) == 51


def test_random_games_end_with_the_outcome_of_their_position():
    for seed in range(20):
        game = random_game(seed, max_plies=2000)
        o = game.outcome()
        assert o is not None, seed
        pos = game.position
        if o.reason in ("king-captured", "trapped-king", "no-move", "insufficient-material"):
            assert pos.outcome() == o and pos.legal_moves() == []
        if o.winner is not None and o.reason != "king-captured":
            assert o.winner != pos.turn  # the side to move is the one that lost


def test_copies_and_pickles():
    game = random_game(5, max_plies=50)
    for g in (copy.copy(game), copy.deepcopy(game), game.copy(), pickle.loads(pickle.dumps(game))):
        assert g.moves == game.moves and g.position == game.position
    g = game.copy()
    g.pop()
    assert game.ply == g.ply + 1
    pos = game.position
    assert pickle.loads(pickle.dumps(pos)) == pos and hash(copy.deepcopy(pos)) == hash(pos)
    m = game.moves[-1]
    assert pickle.loads(pickle.dumps(m)) == m
    r = gjjq.Position('{"king_palace_diagonals": true}')
    assert pickle.loads(pickle.dumps(r)).rules == r.rules


def test_diagram_and_perft():
    text = gjjq.Position().diagram()
    assert "K" in text and "k" in text and len(text.splitlines()) >= 10
    assert gjjq.Position().perft(2) == 2569
