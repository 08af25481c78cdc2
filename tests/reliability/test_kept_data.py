"""Rulesets' definitions are kept per process while their files are unchanged
(`game.rulesets.data.kept_while_unchanged`): an edited file must be read again, and a
file that cannot be read or fails validation must never leave a stale value behind."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from game.errors import DataError
from game.rulesets.data import kept_while_unchanged, load_table


class Entry(BaseModel):
    id: str
    n: int


def _builder(path, calls):
    def build():
        calls.append(1)
        return path.read_text()
    return build


def test_unchanged_files_are_built_once(tmp_path):
    path = tmp_path / "a.toml"
    path.write_text("one")
    calls: list = []
    first = kept_while_unchanged("test-once", [path], _builder(path, calls))
    again = kept_while_unchanged("test-once", [path], _builder(path, calls))
    assert (first, again, len(calls)) == ("one", "one", 1)


def test_an_edited_file_is_read_again(tmp_path):
    path = tmp_path / "a.toml"
    path.write_text("one")
    calls: list = []
    assert kept_while_unchanged("test-edit", [path], _builder(path, calls)) == "one"
    path.write_text("three")  # another size: a new stamp whatever the clock's grain
    assert kept_while_unchanged("test-edit", [path], _builder(path, calls)) == "three"
    assert len(calls) == 2


def test_a_missing_file_is_never_kept(tmp_path):
    path = tmp_path / "missing.toml"
    calls: list = []

    def build():
        calls.append(1)
        return load_table(path, Entry)

    for _ in range(2):
        with pytest.raises(DataError, match="file not found"):
            kept_while_unchanged("test-missing", [path], build)
    assert len(calls) == 2


def test_a_file_that_fails_validation_leaves_nothing_kept(tmp_path):
    path = tmp_path / "entries.toml"
    path.write_text("[a]\nn = 'not a number'\n")
    with pytest.raises(DataError, match=r"\[a\] n"):
        kept_while_unchanged("test-invalid", [path], lambda: load_table(path, Entry))
    path.write_text("[a]\nn = 12\n")  # mended: read again, not a kept failure
    table = kept_while_unchanged("test-invalid", [path], lambda: load_table(path, Entry))
    assert table["a"].n == 12
