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
import numpy.typing as npt

from ._gjjq import GjjqError

MAGIC = b"GJJQDATA"
"""The first eight bytes of a dataset file."""
VERSION = 1
"""The format version this reader reads."""
HEADER_SIZE = 32
"""Bytes before the first record."""

DATASET_DTYPE = np.dtype(
    [
        ("kinds", "u1", 45),
        ("turn", "u1"),
        ("green", "u1", 12),
        ("result", "i1"),
        ("flags", "u1"),
        ("pending", "u1", 4),
        ("score", "<i2"),
        ("ply", "<u2"),
        ("plies_since_capture", "<u2"),
        ("best_move", "<u2"),
        ("game", "<u4"),
        ("reserved", "<u4"),
    ]
)
"""One record: 80 bytes, the fields of docs/engine.md in order."""
assert DATASET_DTYPE.itemsize == 80


class DatasetError(GjjqError):
    """A file that is not a dataset of this version: what is wrong and where (byte offset)."""


def load_dataset(path: Union[str, "os.PathLike[str]"]) -> "np.memmap[Any, np.dtype[np.void]]":
    """The records of the dataset file ``path`` as a read-only structured array of
    ``DATASET_DTYPE`` (memory-mapped: a file of any size costs no memory up front).

    Raises ``DatasetError`` for a wrong magic, version or sizes, or a length that is not a
    whole number of records, naming the byte offset; ``OSError`` if the file cannot be read.
    """
    with open(path, "rb") as f:
        header = f.read(HEADER_SIZE)
        size = os.fstat(f.fileno()).st_size
    if len(header) < HEADER_SIZE:
        raise DatasetError(f"{path}: {len(header)} bytes, shorter than the 32-byte header")
    if header[:8] != MAGIC:
        raise DatasetError(f"{path}: byte 0: magic {header[:8]!r}, expected {MAGIC!r}")
    version = int.from_bytes(header[8:10], "little")
    if version != VERSION:
        raise DatasetError(f"{path}: byte 8: version {version}, this reader reads {VERSION}")
    header_size = int.from_bytes(header[10:12], "little")
    record_size = int.from_bytes(header[12:14], "little")
    if header_size != HEADER_SIZE or record_size != DATASET_DTYPE.itemsize:
        raise DatasetError(
            f"{path}: byte 10: header {header_size} and record {record_size} bytes, "
            f"expected {HEADER_SIZE} and {DATASET_DTYPE.itemsize}"
        )
    body = size - HEADER_SIZE
    if body % DATASET_DTYPE.itemsize:
        whole = body // DATASET_DTYPE.itemsize
        raise DatasetError(
            f"{path}: byte {HEADER_SIZE + whole * DATASET_DTYPE.itemsize}: a cut record "
            f"({body % DATASET_DTYPE.itemsize} of {DATASET_DTYPE.itemsize} bytes) after {whole} records"
        )
    if body == 0:
        return np.zeros(0, DATASET_DTYPE)  # type: ignore[return-value]
    return np.memmap(path, DATASET_DTYPE, mode="r", offset=HEADER_SIZE)


def dataset_kinds(data: npt.NDArray[np.void]) -> npt.NDArray[np.uint8]:
    """The kind code of every point, shape ``(N, 90)`` in square-index order: 0 empty, else
    1 king, 2 guard, 3 missile, 4 fleet, 5 aircraft, 6 army, 7 division, 8 infantry."""
    packed = np.asarray(data["kinds"])
    return np.stack([packed & 15, packed >> 4], axis=-1).reshape(-1, 90)


def dataset_green(data: npt.NDArray[np.void]) -> npt.NDArray[np.bool_]:
    """Whether each point holds a Green piece, shape ``(N, 90)``."""
    bits = np.unpackbits(np.asarray(data["green"]), axis=1, bitorder="little")
    return bits[:, :90].astype(bool)
