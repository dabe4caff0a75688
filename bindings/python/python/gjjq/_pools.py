"""The cache of chance pools (deployments, endgame starts) that the OpenSpiel games and the
adapters share: bounded (issue 50, item 8), the least recently used pool dropped beyond
:data:`CAPACITY`. A pool is a pure function of its key, so a dropped one is computed again,
the same, when a state still holding its key asks for it. Also the range check of an index
into a pool or an action space (issue 50, item 11)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Generic, Hashable, List, TypeVar

from gjjq._gjjq import echo

T = TypeVar("T")

CAPACITY = 4
"""Pools kept at once (a pool of 100,000 deployments is about 10 MB)."""


class PoolCache(Generic[T]):
    """Pools by key, each made by ``make(key)`` on first use; at most ``capacity`` are kept,
    the least recently used dropped first."""

    def __init__(self, make: Callable[[Any], List[T]], capacity: int = CAPACITY) -> None:
        if capacity < 1:
            raise ValueError(f"capacity is {capacity}; it must be at least 1")
        self._make = make
        self.capacity = capacity
        self._pools: "OrderedDict[Hashable, List[T]]" = OrderedDict()

    def get(self, key: Hashable) -> List[T]:
        """The pool of ``key``, made now if it is not kept."""
        pool = self._pools.get(key)
        if pool is None:
            pool = self._make(key)
            self._pools[key] = pool
            while len(self._pools) > self.capacity:
                self._pools.popitem(last=False)
        else:
            self._pools.move_to_end(key)
        return pool

    def __contains__(self, key: object) -> bool:
        return key in self._pools

    def __len__(self) -> int:
        return len(self._pools)

    def clear(self) -> None:
        """Drops every pool."""
        self._pools.clear()


def index_in(value: Any, n: int, what: str) -> int:
    """``value`` as an index into ``n`` (a game's actions, a node's chance outcomes): a
    ``ValueError`` naming ``what`` and the range for any other number (never Python's indexing
    from the end, ``pool[-2]``)."""
    i = int(value)
    if i != value or not 0 <= i < n:
        raise ValueError(f"{what} {echo(repr(value))} is out of range 0 … {n - 1}")
    return i


def chance_index(outcome: Any, n: int) -> int:
    """``outcome`` as an index into ``n`` chance outcomes (:func:`index_in`)."""
    return index_in(outcome, n, "chance outcome")
