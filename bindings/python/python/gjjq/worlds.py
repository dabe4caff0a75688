"""Worlds behind an information state (暗式, R-41), for the research-tool hooks.

A *world* is the enemy's deployment. Given a side's :class:`gjjq.InfoState` and a world
consistent with it, :func:`replay_in_world` builds a referee (:class:`gjjq.HiddenGame`) with
the side's own deployment and that world, replaying what the side was told (moves played,
its own refused proposals, the opponent's announced refusals), so that the new game gives
the side exactly the same information state. :func:`sample_world_game` draws the world with
the library's exact sampler (:class:`gjjq.WorldSampler`: every consistent world equally
likely) and replays it.

Everything here reads the information state only: the true enemy deployment is never an
input, so what these functions return depends on what the side knows and on the seed alone.

Example::

    import gjjq
    from gjjq.worlds import sample_world_game

    game = gjjq.Opening.random(seed=3).hidden_game()
    game.play_out(seed=1, max_plies=6)
    info = game.info_state("red")
    world = sample_world_game(info, seed=7)
    assert str(world.info_state("red")) == str(info)
"""

from __future__ import annotations

from typing import List, Optional

import gjjq
from gjjq._gjjq import echo

_MASK64 = (1 << 64) - 1

REFUSED_STAND_IN = gjjq.Move.from_action(0)
"""The proposal a replay makes for an opponent's refusal the side was told of (``?``,
``announce_illegal: both``): ``1E1E``, refused in every world. The side is told only that a
proposal was refused, never which, so any refused proposal gives it the same information."""


def mix_seed(seed: int, u: float) -> int:
    """A 64-bit sampler seed from a game's ``seed`` and a number ``u`` in ``[0, 1)`` (e.g. an
    OpenSpiel probability sampler's value): the same pair always gives the same seed.

    Raises :class:`gjjq.GjjqError` when ``u`` is outside ``[0, 1)``."""
    if not 0.0 <= u < 1.0:
        raise gjjq.GjjqError(
            f"mix_seed: the sampler value is {echo(repr(u))}; it must be in [0, 1)"
        )
    x = (int(seed) * 0x9E3779B97F4A7C15 + int(u * (1 << 53))) & _MASK64
    # splitmix64's finaliser, so that neighbouring values give unrelated seeds.
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def replay_in_world(info: gjjq.InfoState, world: gjjq.Deployment) -> gjjq.HiddenGame:
    """The referee of the world where ``info.side`` deployed as it did and the enemy deployed
    ``world`` (in the enemy's own frame), with the history ``info`` records replayed: every
    move played, every own refused proposal, and for each opponent refusal ``info`` was told
    of, the stand-in :data:`REFUSED_STAND_IN`. Its information state for ``info.side`` equals
    ``info``; the opponent's is that of the new world (its own refusals the side was not told
    of are not replayed).

    Raises :class:`gjjq.WorldError` when ``world`` is not consistent with ``info`` (R-41),
    naming the first ply where it differs."""
    bad = gjjq.check_world(info, world)
    if bad is not None:
        raise gjjq.WorldError(f"replay_in_world: the world is not consistent with {info.side}'s "
                              f"information state at {bad}")
    own = info.deployment
    red, green = (own, world) if info.side == gjjq.RED else (world, own)
    game = gjjq.Opening(red, green, info.first).hidden_game(info.rules)
    for action in replay_actions(info):
        game.propose(game.turn, action)
    check_replayed(game, info)
    return game


def replay_actions(info: gjjq.InfoState) -> List[int]:
    """The proposals (action indices, in order) that replay what ``info`` records: each move
    played (either side's), each own refused proposal, and :data:`REFUSED_STAND_IN` for each
    opponent refusal ``info`` was told of. Proposed in turn to a referee of a consistent
    world, they give ``info.side`` the information state ``info``."""
    actions = []
    for event in info.events:
        move = event.move
        if event.kind in ("played", "refused") and move is not None:
            actions.append(move.action)
        elif event.kind == "opponent-refused":
            actions.append(REFUSED_STAND_IN.action)
    return actions


def check_replayed(game: gjjq.HiddenGame, info: gjjq.InfoState) -> None:
    """Raises :class:`gjjq.WorldError` unless ``game`` tells ``info.side`` exactly ``info``
    (a replay's self-check)."""
    replayed = game.info_state(info.side)
    if replayed != info:
        raise gjjq.WorldError(
            f"replay: the replayed game tells {info.side} {str(replayed)[:80]!r}…, "
            f"not {str(info)[:80]!r}… (a bug of the library: please report it)"
        )


def sample_world(info: gjjq.InfoState, seed: Optional[int]) -> gjjq.Deployment:
    """One enemy deployment consistent with ``info``, every consistent one equally likely
    (:class:`gjjq.WorldSampler`), from ``seed``. Raises :class:`gjjq.WorldError` when the
    sampler finds none."""
    if info.outcome() is not None:
        # The end tells the enemy's deployment: the one consistent world.
        for event in info.events:
            if event.kind == "end" and event.enemy is not None:
                return event.enemy
    return gjjq.WorldSampler(info, seed).draw()


def sample_world_game(info: gjjq.InfoState, seed: Optional[int]) -> gjjq.HiddenGame:
    """A referee of a world drawn uniformly among those consistent with ``info`` (from
    ``seed``), with ``info``'s history replayed: :func:`replay_in_world` of
    :func:`sample_world`."""
    return replay_in_world(info, sample_world(info, seed))
