"""The shared checks of command-line input: they look, and leave the files as they were."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from meeples.commands._checks import is_regular_file, number, output_file, whole_number
from meeples.core.errors import BadOptions


def test_output_file_check_leaves_an_existing_file_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("the last run\n")
    os.utime(path, (1_000_000, 1_000_000))
    assert output_file(str(path)) == path
    assert path.read_text() == "the last run\n" and path.stat().st_mtime == 1_000_000


def test_output_file_check_leaves_no_file_behind(tmp_path: Path) -> None:
    output_file(str(tmp_path / "new.json"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_output_file_in_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(BadOptions, match="cannot write there"):
            output_file(str(folder / "out.json"))
    finally:
        folder.chmod(0o700)


def test_texts_that_cannot_name_a_file_are_no_file() -> None:
    for text in ("x" * 5000, "a\0b", "two\nlines", ""):
        assert not is_regular_file(text)


def test_number_types_refuse_what_would_never_end() -> None:
    positive = number(positive=True)
    for text in ("nan", "inf", "-inf", "1e999", "0", "-0.5"):
        with pytest.raises(argparse.ArgumentTypeError):
            positive(text)
    assert positive("0.25") == 0.25 and number(positive=False)("0") == 0.0


def test_whole_number_type_names_its_range() -> None:
    port = whole_number(1, 65535)
    with pytest.raises(argparse.ArgumentTypeError, match="must be 1 to 65535, not 65536"):
        port("65536")
    assert port("8000") == 8000
