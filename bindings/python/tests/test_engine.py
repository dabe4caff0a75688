"""The baseline engine (crate gjjq-engine) from Python: legal moves within its limits, the
history of a Game, errors."""

import pytest

import gjjq
from conftest import random_game


def test_search_returns_legal_moves():
    engine = gjjq.Engine(nodes=3000)
    for seed in range(4):
        game = random_game(seed, max_plies=30)
        if game.is_over():
            continue
        m = engine.search(game)
        assert game.is_legal(m)
        r = engine.analyse(game.position)
        assert r.best_move is not None and game.position.is_legal(r.best_move)
        assert r.pv[0] == r.best_move and r.nodes > 0 and r.depth >= 1
        # A node limit is checked every few hundred nodes.
        assert r.nodes <= 3000 + 1024


def test_depth_limit_and_scores():
    engine = gjjq.Engine(depth=2)
    r = engine.analyse(gjjq.Position())
    assert r.depth == 2 and r.score.startswith("cp ") and r.centipawns is not None and r.mate is None
    assert repr(engine) == "Engine(nodes=None, depth=2, hash_mb=16)"
    assert gjjq.Engine().depth == 4 and gjjq.Engine().nodes is None
    # Positions of random games with a move that wins at once: the engine finds a win in 1.
    found = 0
    for seed in range(40):
        game = random_game(seed, max_plies=400)
        for pos in [game.start] + positions(game):
            wins = [m for m in pos.legal_moves() if (o := pos.play(m).outcome()) and o.winner == pos.turn]
            if wins:
                r = gjjq.Engine(depth=2).analyse(pos)
                assert r.mate == 1 and r.score == "win 1" and r.best_move in wins
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3


def positions(game):
    out, g = [], gjjq.Game(game.start)
    for m in game.moves:
        g.push(m)
        if not g.is_over():
            out.append(g.position)
    return out


def test_errors():
    for bad in ({"depth": 0}, {"nodes": 0}, {"hash_mb": 0}):
        with pytest.raises(gjjq.GjjqError):
            gjjq.Engine(**bad)
    over = next(g for g in (random_game(s, max_plies=2000) for s in range(50)) if g.position.outcome())
    with pytest.raises(gjjq.GameOverError):
        gjjq.Engine(depth=1).search(over)
    with pytest.raises(gjjq.GameOverError):
        gjjq.Engine(depth=1).search(over.position)
    with pytest.raises(gjjq.GjjqError):
        gjjq.Engine(depth=1).search("5B5A")


def test_hidden_search_proposes_from_the_information_state():
    game = gjjq.Opening.random(seed=5).hidden_game('{"no_capture_limit": 40}')
    engines = {side: gjjq.Engine(nodes=1500, hash_mb=1) for side in ("red", "green")}
    proposals = 0
    while not game.is_over() and game.ply < 60:
        side = game.turn
        state = game.info_state(side)
        r = engines[side].analyse_hidden(state, worlds=3, seed=proposals)
        assert r.best_move in state.proposals()  # never a refused one, never off the view
        assert 1 <= r.worlds <= 3 and 1 <= r.votes <= r.worlds and r.pv == [r.best_move]
        # The choice depends on the information state only: the same state, the same seed,
        # a fresh engine: the same proposal.
        again = gjjq.Engine(nodes=1500, hash_mb=1).search_hidden(
            gjjq.InfoState.from_string(str(state), state.rules), worlds=3, seed=proposals
        )
        if proposals < 5:
            assert again == r.best_move
        game.propose(side, r.best_move)
        proposals += 1
    assert game.ply > 0
    other = "green" if game.turn == "red" else "red"
    with pytest.raises(gjjq.GameOverError):
        gjjq.Engine(depth=1).search_hidden(game.info_state(other))
