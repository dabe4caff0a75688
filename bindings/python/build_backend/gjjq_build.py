"""The package's PEP 517 build backend: maturin's, with Cargo's target directory outside the
source tree.

pip (21.3 or later) builds a local directory in place, and maturin then leaves Cargo's
``target/`` (some 170 MB of build files) in ``bindings/python``. Each hook here runs
maturin's with ``CARGO_TARGET_DIR`` set to a fresh temporary directory, removed when the
hook returns, so ``pip install ./bindings/python`` leaves the tree as it found it. A
``CARGO_TARGET_DIR`` already set is used as it is (a warm directory for repeated builds:
``CARGO_TARGET_DIR=/tmp/gjjq-py-target pip install ./bindings/python``).
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from typing import Any, Callable, TypeVar

import maturin

F = TypeVar("F", bound=Callable[..., Any])


def _outside_the_tree(hook: F) -> F:
    @functools.wraps(hook)
    def run(*args: Any, **kwargs: Any) -> Any:
        if os.environ.get("CARGO_TARGET_DIR"):
            return hook(*args, **kwargs)
        target = tempfile.mkdtemp(prefix="gjjq-python-target-")
        os.environ["CARGO_TARGET_DIR"] = target
        try:
            return hook(*args, **kwargs)
        finally:
            del os.environ["CARGO_TARGET_DIR"]
            shutil.rmtree(target, ignore_errors=True)

    return run  # type: ignore[return-value]


build_wheel = _outside_the_tree(maturin.build_wheel)
build_sdist = _outside_the_tree(maturin.build_sdist)
build_editable = _outside_the_tree(maturin.build_editable)
prepare_metadata_for_build_wheel = _outside_the_tree(maturin.prepare_metadata_for_build_wheel)
prepare_metadata_for_build_editable = _outside_the_tree(
    maturin.prepare_metadata_for_build_editable
)
get_requires_for_build_wheel = maturin.get_requires_for_build_wheel
get_requires_for_build_sdist = maturin.get_requires_for_build_sdist
get_requires_for_build_editable = maturin.get_requires_for_build_editable
