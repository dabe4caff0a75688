"""The layout of a ``gjjq datagen`` dataset file (docs/engine.md, "the dataset format"), read
with numpy alone: the one reading of the format, used by :mod:`gjjq.dataset` and by the
trainer (training/train.py loads this file by its path, so that it needs no built extension).

Private: the public names are in :mod:`gjjq.dataset`. This module imports nothing of the
extension; a caller says which exception a damaged file raises.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Union

import numpy as np
import numpy.typing as npt

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


def read_records(
    path: Union[str, "os.PathLike[str]"], error: Callable[[str], BaseException]
) -> "np.memmap[Any, np.dtype[np.void]]":
    """The records of the dataset file ``path`` as a read-only structured array of
    ``DATASET_DTYPE`` (memory-mapped; an empty array for a file of no records).

    Raises ``error(message)`` for a wrong magic, version or sizes, or a length that is not a
    whole number of records, the message naming the file and the byte offset; ``OSError`` if
    the file cannot be read.
    """
    with open(path, "rb") as f:
        header = f.read(HEADER_SIZE)
        size = os.fstat(f.fileno()).st_size
    if len(header) < HEADER_SIZE:
        raise error(f"{path}: {len(header)} bytes, shorter than the 32-byte header")
    if header[:8] != MAGIC:
        raise error(f"{path}: byte 0: magic {header[:8]!r}, expected {MAGIC!r}")
    version = int.from_bytes(header[8:10], "little")
    if version != VERSION:
        raise error(f"{path}: byte 8: version {version}, this reader reads {VERSION}")
    header_size = int.from_bytes(header[10:12], "little")
    record_size = int.from_bytes(header[12:14], "little")
    if header_size != HEADER_SIZE or record_size != DATASET_DTYPE.itemsize:
        raise error(
            f"{path}: byte 10: header {header_size} and record {record_size} bytes, "
            f"expected {HEADER_SIZE} and {DATASET_DTYPE.itemsize}"
        )
    body = size - HEADER_SIZE
    if body % DATASET_DTYPE.itemsize:
        whole = body // DATASET_DTYPE.itemsize
        raise error(
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
