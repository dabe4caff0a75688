"""Hidden play (暗式, R-37 … R-41): the referee, information states and their strings, views
and candidates against the true game, consistent worlds, records, the hidden-play tensors,
and that nothing a side cannot see reaches its information."""

import random

import numpy as np
import pytest

import gjjq

RULES = [
    '{"no_capture_limit": 60}',
    '{"no_capture_limit": 60, "announce_illegal": "both", "reveal_captured": "to_captor"}',
    '{"no_capture_limit": 60, "return_rule": "immediate", "king_palace_diagonals": true}',
]


def play_hidden(seed, rules, max_plies=120, check=None):
    """A hidden game of random proposals (each uniform among the proposer's untried
    candidates) from a random opening; `check(game)` runs before every proposal."""
    rng = random.Random(seed)
    game = gjjq.Opening.random(seed=seed).hidden_game(rules)
    while not game.is_over() and game.ply < max_plies:
        if check:
            check(game)
        side = game.turn
        game.propose(side, rng.choice(game.info_state(side).proposals()))
    return game


def test_the_referee():
    game = gjjq.HiddenGame()
    told = game.propose("red", "5B4A")  # an infantry cannot go there: refused
    assert not told.played and [str(e) for e in told.red] == ["?5B4A"] and told.green == []
    assert game.ply == 0 and game.turn == "red"
    assert game.refusals() == [(0, "red", gjjq.Move.from_ascii("5B4A"))]
    told = game.propose("red", gjjq.Move.from_ascii("5B5A"))
    assert told.played and told.to("green")[0].kind == "played" and not told.green[0].capture
    with pytest.raises(gjjq.NotYourTurnError, match="green's turn"):
        game.propose("red", "5A4A")
    state = game.info_state("green")
    assert str(state) == "g r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5A"
    # A capture: Green's missile strikes Red's army; the owner is told the kind, the captor
    # is not (reveal_captured: never).
    told = game.propose("green", gjjq.Move.from_ascii("3e7D").action)
    assert told.played and told.green[0].capture and told.green[0].captured_kind is None
    assert told.red[0].captured_kind == "army" and str(told.red[0]) == "3e7DxA"
    with pytest.raises(gjjq.MoveParseError):
        game.propose("red", 3.5)


def test_the_end_is_told_with_the_enemy_deployment():
    game = play_hidden(4, RULES[0], max_plies=400)
    assert game.is_over()
    for side in ("red", "green"):
        state = game.info_state(side)
        end = state.events[-1]
        assert end.kind == "end" and end.outcome == game.outcome() == state.outcome()
        assert end.enemy == game.opening.deployment("green" if side == "red" else "red")
        assert state.view().enemy_deployment() == end.enemy
        assert state.proposals() == []
    with pytest.raises(gjjq.GameOverError):
        game.propose(game.turn, "5B5A")


def test_candidates_contain_the_legal_moves_and_refusals_are_dropped():
    checked = [0]

    def check(game):
        side = game.turn
        state = game.info_state(side)
        view = state.view()
        legal = set(game.true_game.legal_moves())
        assert legal <= set(view.candidates())
        refused = set(state.refused_this_turn())
        assert not (refused & legal)
        props = state.proposals()
        assert set(props) == set(view.candidates()) - refused
        assert state.proposal_actions() == sorted(m.action for m in props)
        # The view agrees with the board on every point.
        pos = game.true_game.position
        own = {label: kind for label, kind in view.own().items()}
        assert own == {l: p.kind for l, p in pos.pieces().items() if p.side == side}
        assert set(view.enemy()) == {l for l, p in pos.pieces().items() if p.side != side}
        other = "green" if side == "red" else "red"
        assert game.info_state(other).proposals() == []
        checked[0] += 1

    for seed, rules in enumerate(RULES):
        play_hidden(seed, rules, max_plies=80, check=check)
    assert checked[0] > 200


def test_info_states_round_trip():
    for seed, rules in enumerate(RULES):
        game = play_hidden(10 + seed, rules, max_plies=100)
        for side in ("red", "green"):
            state = game.info_state(side)
            back = gjjq.InfoState.from_string(str(state), rules)
            assert back == state and hash(back) == hash(state)
            assert back.rules == state.rules == gjjq.Position(rules).rules
            assert gjjq.InfoState.from_record_text(state.to_record_text()) == state
            for ply in (0, 5, state.plies):
                cut = state.at_ply(ply)
                assert cut.plies == min(ply, state.plies)
                assert str(state).startswith(str(cut))
        again = gjjq.HiddenGame.from_text(game.to_text())
        assert again.info_state("red") == game.info_state("red")
        assert again.info_state("green") == game.info_state("green")
    with pytest.raises(gjjq.InfoStateError, match="field 1"):
        gjjq.InfoState.from_string("x r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/9/9/9/9")
    with pytest.raises(gjjq.InfoStateError, match="field 4"):
        gjjq.InfoState.from_string("r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/9")


def test_drawn_worlds_are_consistent():
    for seed, rules in enumerate(RULES):
        game = play_hidden(20 + seed, rules, max_plies=50)
        for side in ("red", "green"):
            state = game.info_state(side)
            enemy = "green" if side == "red" else "red"
            truth = game.opening.deployment(enemy)
            assert gjjq.check_world(state, truth) is None and state.is_consistent(truth)
            sampler = gjjq.WorldSampler(state, seed=seed)
            assert sampler.assignments >= 1
            worlds = sampler.draw_many(5) + [sampler.draw()]
            for w in worlds:
                assert gjjq.check_world(state, w) is None
                # The world stands on the points seen occupied at the start.
                points = sorted(gjjq.Deployment.board_point(enemy, p) for p, _ in w.items())
                assert points == sorted(state.enemy_start)
                # Each piece's kind is in its narrowed domain.
                for p, kind in w.items():
                    assert kind in sampler.domain(gjjq.Deployment.board_point(enemy, p))
                # The referee of that world tells this side the very same things.
                red, green = (state.deployment, w) if side == "red" else (w, state.deployment)
                replay = gjjq.Opening(red, green, state.first).hidden_game(rules)
                assert replay_proposals(replay, game, side) == state
    # A world on other points fails at once, at ply 0.
    state = gjjq.HiddenGame().info_state("red")
    bad = gjjq.check_world(state, gjjq.Deployment("9/3III3/9/1DA3A1D/FPMGKGMPF"))
    assert bad.ply == 0 and "points" in bad.what and str(bad).startswith("ply 0:")


def replay_proposals(replay, game, side):
    """Propose in `replay` what was played in `game` and `side`'s own refused proposals;
    return `side`'s information state there."""
    refusals = game.refusals()
    moves = game.true_game.moves
    r = 0
    for ply in range(len(moves) + 1):
        while r < len(refusals) and refusals[r][0] == ply:
            _, who, m = refusals[r]
            r += 1
            if who != side and m in replay.true_game.legal_moves():
                # The enemy's refused proposal may be legal in this world; any refused one
                # tells `side` the same (announce_illegal: both tells no move).
                m = gjjq.Move(m.from_square, m.from_square)
            assert not replay.propose(who, m).played
        if ply < len(moves):
            assert replay.propose(replay.turn, moves[ply]).played
    return replay.info_state(side)


def swapped_green():
    # Green's prescribed formation with the army on 7D and the division on 8D swapped:
    # the same points, different kinds on two unmoved pieces.
    return gjjq.Opening(None, "9/3III3/9/1DA3DA1/FPMGKGMPF")


def test_no_leak_a_side_cannot_tell_worlds_apart():
    for rules, told_kind in ((None, False), ('{"reveal_captured": "to_captor"}', True)):
        a = gjjq.Opening().hidden_game(rules)
        b = swapped_green().hidden_game(rules)
        for game in (a, b):
            # Red's missile strikes 7d: the army in one world, the division in the other.
            assert game.propose("red", "3E7d").played
            assert game.propose("green", "5b5a").played
            assert not game.propose("red", "5B3B").played
        ra, rb = a.info_state("red"), b.info_state("red")
        assert (ra == rb) == (not told_kind)
        assert (str(ra) == str(rb)) == (not told_kind)
        assert np.array_equal(ra.observation(), rb.observation())
        assert np.array_equal(ra.information_state_tensor(), rb.information_state_tensor())
        assert ra.proposals() == rb.proposals()
        # Green knows its own deployment: its states differ in both cases.
        assert a.info_state("green") != b.info_state("green")
        if not told_kind:
            assert ra.is_consistent(b.opening.green) and ra.is_consistent(a.opening.green)
        else:
            assert ra.is_consistent(a.opening.green) and not ra.is_consistent(b.opening.green)


def plane(name):
    return gjjq.INFO_STATE_PLANES.index(name)


def test_hidden_tensors_describe_the_view():
    assert gjjq.HIDDEN_OBSERVATION_SHAPE == (len(gjjq.HIDDEN_OBSERVATION_PLANES), 10, 9)
    assert gjjq.INFO_STATE_SHAPE == (len(gjjq.INFO_STATE_PLANES), 10, 9)
    assert gjjq.INFO_STATE_PLANES[: len(gjjq.HIDDEN_OBSERVATION_PLANES)] == gjjq.HIDDEN_OBSERVATION_PLANES
    for seed in range(3):
        game = play_hidden(30 + seed, RULES[seed], max_plies=60)
        for side in ("red", "green"):
            state = game.info_state(side)
            obs, info = state.observation(), state.information_state_tensor()
            assert obs.dtype == np.float32 and obs.shape == gjjq.HIDDEN_OBSERVATION_SHAPE
            assert info.shape == gjjq.INFO_STATE_SHAPE
            assert np.array_equal(info[: obs.shape[0]], obs)
            assert np.array_equal(game.observation(side), obs)
            view = state.view()
            for label, kind in view.own().items():
                i = gjjq.square_index(label)
                r, c = (i // 9, i % 9) if side == "red" else (9 - i // 9, 8 - i % 9)
                assert obs[gjjq.PIECE_KINDS.index(kind), r, c] == 1.0
                assert obs[8, r, c] == 0.0
            assert obs[:8].sum() == len(view.own()) and obs[8].sum() == view.enemy_count
            assert obs[gjjq.HIDDEN_OBSERVATION_PLANES.index("is-green")].all() == (side == "green")
            pos = game.true_game.position
            assert obs[14].all() == pos.is_sealed() and obs[15].all() == pos.kings_may_face()
            p = gjjq.HIDDEN_OBSERVATION_PLANES.index("plies-since-capture")
            assert obs[p, 0, 0] == pytest.approx(min(pos.plies_since_capture, 100) / 100)
            m = gjjq.HIDDEN_OBSERVATION_PLANES.index("move-number")
            assert obs[m, 0, 0] == pytest.approx(min(pos.move_number, 500) / 500)
            # The moved-enemy plane marks exactly the enemy pieces off their deployment point.
            moved = {at for at, ident in view.enemy().items() if at != ident}
            marked = info[plane("enemy-moved")]
            for at in moved:
                i = gjjq.square_index(at)
                r, c = (i // 9, i % 9) if side == "red" else (9 - i // 9, 8 - i % 9)
                assert marked[r, c] == 1.0
            # The window's latest move is the last move played.
            last = game.true_game.moves[-1]
            i = last.from_square
            r, c = (i // 9, i % 9) if side == "red" else (9 - i // 9, 8 - i % 9)
            assert info[plane("move-1-origin"), r, c] == 1.0


def test_refusals_show_in_the_information_state_tensor():
    game = gjjq.HiddenGame()
    game.propose("red", "5B3B")
    info = game.information_state_tensor("red")
    b5, b3 = gjjq.square_index("5B"), gjjq.square_index("3B")
    assert info[plane("own-refused-origin"), b5 // 9, b5 % 9] == 1.0
    assert info[plane("own-refused-origin")].sum() == 1.0
    assert info[plane("own-refused-destination"), b3 // 9, b3 % 9] == 1.0
    assert game.information_state_tensor("green")[plane("own-refused-origin")].sum() == 0
    game.propose("red", "5B5A")
    assert game.information_state_tensor("red")[plane("own-refused-origin")].sum() == 0


def test_play_out_and_pickling():
    import pickle

    game = gjjq.Opening.fanshi(3).hidden_game('{"no_capture_limit": 60}')
    outcome = game.play_out(seed=1, max_plies=2000)
    assert outcome is not None and outcome == game.outcome()
    again = pickle.loads(pickle.dumps(game))
    assert again.info_state("red") == game.info_state("red")
    copy = game.copy()
    assert copy.true_game.moves == game.true_game.moves


def test_garbage_never_panics():
    rng = random.Random(3)
    alphabet = "0123456789/ rgx?#:~=KGMFPADIkgmfpadi-"
    for _ in range(2000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        for call in (
            lambda: gjjq.InfoState.from_string(s),
            lambda: gjjq.Deployment.from_string(s),
            lambda: gjjq.HiddenGame.from_text(s),
            lambda: gjjq.InfoState.from_record_text(s),
            lambda: gjjq.Opening.from_position(s),
        ):
            try:
                call()
            except gjjq.GjjqError:
                pass
