"""The build backend (issue 26): `pip install ./bindings/python` builds in a temporary target
directory, so no `target/` is left in the source tree; a CARGO_TARGET_DIR already set is
kept. maturin is replaced by a stand-in here, so the test needs neither it nor a build."""

import importlib.util
import os
import pathlib
import sys
import types

import pytest

from conftest import REPO

PACKAGE = REPO / "bindings" / "python"


def load_backend(monkeypatch, seen):
    fake = types.ModuleType("maturin")

    def hook(name):
        def run(*args, **kwargs):
            target = os.environ.get("CARGO_TARGET_DIR")
            seen.append((name, target, args))
            if target:
                pathlib.Path(target, "release").mkdir(parents=True, exist_ok=True)
            return f"{name}-result"

        return run

    for name in [
        "build_wheel",
        "build_sdist",
        "build_editable",
        "prepare_metadata_for_build_wheel",
        "prepare_metadata_for_build_editable",
        "get_requires_for_build_wheel",
        "get_requires_for_build_sdist",
        "get_requires_for_build_editable",
    ]:
        setattr(fake, name, hook(name))
    monkeypatch.setitem(sys.modules, "maturin", fake)
    spec = importlib.util.spec_from_file_location(
        "gjjq_build", PACKAGE / "build_backend" / "gjjq_build.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pyproject_names_the_backend():
    text = (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    assert 'build-backend = "gjjq_build"' in text
    assert 'backend-path = ["build_backend"]' in text


def test_each_build_runs_in_a_temporary_target_that_is_removed(monkeypatch):
    monkeypatch.delenv("CARGO_TARGET_DIR", raising=False)
    seen = []
    backend = load_backend(monkeypatch, seen)
    assert backend.build_wheel("/tmp/wheels") == "build_wheel-result"
    assert backend.build_editable("/tmp/wheels") == "build_editable-result"
    assert backend.prepare_metadata_for_build_wheel("/tmp/meta") == (
        "prepare_metadata_for_build_wheel-result"
    )
    targets = [t for _, t, _ in seen]
    assert all(t and pathlib.Path(t).name.startswith("gjjq-python-target-") for t in targets)
    assert len(set(targets)) == 3
    for t in targets:
        assert not os.path.exists(t)  # removed after the hook
        assert not pathlib.Path(t).resolve().is_relative_to(PACKAGE.resolve())
    assert "CARGO_TARGET_DIR" not in os.environ


def test_a_failed_build_still_removes_its_target(monkeypatch):
    monkeypatch.delenv("CARGO_TARGET_DIR", raising=False)
    seen = []
    backend = load_backend(monkeypatch, seen)
    made = []

    def failing(*args, **kwargs):
        made.append(os.environ["CARGO_TARGET_DIR"])
        raise SystemExit(1)  # what maturin's hook does when cargo fails

    wrapped = backend._outside_the_tree(failing)
    with pytest.raises(SystemExit):
        wrapped("/tmp/wheels")
    assert made and not os.path.exists(made[0])
    assert "CARGO_TARGET_DIR" not in os.environ


def test_a_given_target_directory_is_kept(monkeypatch, tmp_path):
    monkeypatch.setenv("CARGO_TARGET_DIR", str(tmp_path / "warm"))
    seen = []
    backend = load_backend(monkeypatch, seen)
    backend.build_wheel("/tmp/wheels")
    assert seen[0][1] == str(tmp_path / "warm")
    assert (tmp_path / "warm" / "release").is_dir()  # left for the next build
    assert os.environ["CARGO_TARGET_DIR"] == str(tmp_path / "warm")
