"""The soak command (issue 17, "done when"): a tiny smoke run in the default suite; the
long runs are `python -m game soak --minutes M` (see the issue note for figures)."""

from game import soak
from game.cli import main


def test_a_tiny_soak_plays_checks_and_verifies(capsys):
    status = main(["soak", "--battles", "3", "--ruleset", "fivebyfive", "--ruleset", "fate",
                   "--map", "arena", "--max-rounds", "2", "--verify-every", "1"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "soak: 3 battles" in out and "3 replays verified" in out and "0 failures" in out


def test_a_broken_invariant_is_a_failure_line_and_status_1(capsys, monkeypatch):
    monkeypatch.setattr(soak, "battle_errors", lambda battle: ["units [1, 2] share (0, 0) outside one grapple"])
    status = main(["soak", "--battles", "1", "--ruleset", "fate", "--map", "arena", "--max-rounds", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "FAIL fate arena" in out and "outside one grapple" in out and "1 failures" in out


def test_one_failure_line_is_one_command_to_play_it_again(capsys):
    """`--pairing` and `--seed` pick the battle a FAIL line names (battle 0 of the run)."""
    assert main(["soak", "--battles", "1", "--ruleset", "fate", "--map", "arena",
                 "--pairing", "easy-normal", "--seed", "41", "--max-rounds", "1"]) == 0
    assert "fate 1" in capsys.readouterr().out
    spec = next(soak.schedule(["fate"], ["arena.tmx"], 41, 0, [("easy", "normal")]))
    assert (spec.levels, spec.seed) == (("easy", "normal"), 41)
    assert main(["soak", "--battles", "1", "--pairing", "easy"]) == 2


def test_every_ruleset_map_and_pairing_is_scheduled():
    combos = soak.combinations(["d20", "fate"], ["a.tmx", "b.tmx"])
    assert {(r, m) for r, m, _ in combos} == {(r, m) for r in ("d20", "fate") for m in ("a.tmx", "b.tmx")}
    assert {p for _, _, p in combos} >= {("random", "random"), ("normal", "normal"), ("random", "normal")}


import pytest


@pytest.mark.slow
def test_a_longer_soak_finds_nothing():
    """`python -m pytest -m slow`: 250 battles over every ruleset, map and pairing."""
    totals = soak.run_soak(minutes=60, seed=7_000_000, battles=250, report=lambda line: None)
    assert totals.battles == 250 and totals.failures == []
