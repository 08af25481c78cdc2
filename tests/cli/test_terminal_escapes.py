"""Issue 33.9: text from a file is never printed raw. A replay's `map` or `option`
holding terminal escape codes (ESC ] 0; ... BEL sets the window title, ESC [ 2 J
clears the screen) is printed with every control character escaped, as is a map's
own text in `check-map`, by one helper (`game.validation.printable`)."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import assert_one_error_line

TITLE = "\x1b]0;pwned\x07"  # xterm: set the window title
CLEAR = "\x1b[2J"  # clear the screen
RED = "\x1b[31m"


@pytest.mark.parametrize("text, shown", [
    ("plain text, é, 日本", "plain text, é, 日本"),  # printable: unchanged
    (TITLE + "x", "\\x1b]0;pwned\\x07x"),
    (CLEAR, "\\x1b[2J"),
    ("a\tb\rc\nd", "a\\tb\\rc\\nd"),
    ("\x9b31m", "\\x9b31m"),  # the 8-bit CSI, a C1 control
    ("\x7f", "\\x7f"),  # DEL
    ("abc\u202edcba", "abc\\u202edcba"),  # a bidi override reverses what follows
])
def test_printable_escapes_every_control_character(text, shown):
    from game.validation import printable
    assert printable(text) == shown


def test_printable_lines_keeps_the_line_breaks():
    from game.validation import printable_lines
    assert printable_lines("one\x1b\ntwo") == "one\\x1b\ntwo"


@pytest.fixture
def replay_file(cli, tmp_path):
    """A real replay (fivebyfive, arena, 2 rounds), for the tests to spoil one field of."""
    path = tmp_path / "good.json"
    run = cli("demo", "--headless", "--ruleset", "fivebyfive", "--map", "arena", "--max-rounds", "2",
              "--save-replay", str(path))
    assert run.status == 0, run.err

    def spoiled(**fields) -> str:
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in fields.items():
            if key == "option":
                data["choices"][0]["option"] = value
            else:
                data[key] = value
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(data), encoding="utf-8")
        return str(bad)
    return spoiled


def _no_control_characters(run) -> None:
    for text in (run.out, run.err):
        assert not any(ch != "\n" and not ch.isprintable() for ch in text), repr(text)


def test_a_replays_map_is_printed_escaped(cli, replay_file):
    run = cli("replay", replay_file(map=TITLE + CLEAR + "maps/arena.tmx"))
    assert_one_error_line(run, "\\x1b]0;pwned\\x07\\x1b[2Jmaps/arena.tmx: no such map file")
    _no_control_characters(run)


def test_a_replays_option_is_printed_escaped(cli, replay_file):
    run = cli("replay", replay_file(option=RED + "red" + "\x1b[0m"))
    assert_one_error_line(run, "choice 1 of", "is illegal", "\\x1b[31mred\\x1b[0m")
    _no_control_characters(run)


def test_a_replays_digest_is_printed_escaped(cli, replay_file):
    run = cli("replay", "--verify", replay_file(digest=RED + "0" * 10))
    assert_one_error_line(run, "digest mismatch: recorded \\x1b[31m0000000000, replayed ")
    _no_control_characters(run)


def test_check_map_prints_a_maps_own_text_escaped(cli, tmp_path):
    """XML 1.0 cannot hold ESC, but it can hold the C1 controls (U+009B is CSI) and
    bidi overrides: a map named with them is printed escaped."""
    from tests.world.worldkit import tiny_tmx
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1]])], map_props={"name": "\u009b2JEvil\u202e"})
    run = cli("check-map", str(path))
    assert run.status == 0, run.err
    assert run.out.startswith("\\x9b2JEvil\\u202e: 3x1 tiles"), run.out
    _no_control_characters(run)
