"""Training data written by ``gjjq datagen`` (docs/engine.md, "the dataset format"), read as a
numpy structured array.

The file is a 32-byte header (magic ``GJJQDATA``, ``u16`` version 1, ``u16`` header size 32,
``u16`` record size 80) and then fixed-size little-endian records, one searched position
each: the board as 4-bit kind codes (0 empty, 1 king … 8 infantry), the side to move, a
bit mask of Green's pieces, the game's result for the side to move, flags, pending returns
(R-19), the search's score, the ply, plies since a capture, the search's move (its action
index) and the game's number. ``load_dataset`` checks the header and the length and maps the
records without copying them (``numpy.memmap``)::

    import gjjq
    data = gjjq.load_dataset("data.gjjqd")
    kinds = gjjq.dataset_kinds(data)        # (N, 90): 0 empty, 1 king … 8 infantry
    green = gjjq.dataset_green(data)        # (N, 90): True where a Green piece stands
    print(data["score"][:10], data["result"][:10])
"""

from __future__ import annotations

import os
from typing import Any, Union

import numpy as np

from ._dataset_layout import (
    DATASET_DTYPE,
    HEADER_SIZE,
    MAGIC,
    VERSION,
    dataset_green,
    dataset_kinds,
    read_records,
)
from ._gjjq import GjjqError

__all__ = [
    "DATASET_DTYPE",
    "HEADER_SIZE",
    "MAGIC",
    "VERSION",
    "DatasetError",
    "dataset_green",
    "dataset_kinds",
    "load_dataset",
]


class DatasetError(GjjqError):
    """A file that is not a dataset of this version: what is wrong and where (byte offset)."""


def load_dataset(path: Union[str, "os.PathLike[str]"]) -> "np.memmap[Any, np.dtype[np.void]]":
    """The records of the dataset file ``path`` as a read-only structured array of
    ``DATASET_DTYPE`` (memory-mapped: a file of any size costs no memory up front).

    Raises ``DatasetError`` for a wrong magic, version or sizes, or a length that is not a
    whole number of records, naming the byte offset; ``OSError`` if the file cannot be read.
    """
    return read_records(path, DatasetError)
