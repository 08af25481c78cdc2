"""The 4dF AI on the one base (issue 27): one scorer, levels as data, small modules.

Hard is normal's candidates and view with extra terms, weights and look-ahead
(game.ai.base.Level), not a subclass that rewrites the scorer; decide picks with the
base's pick_best; no AI module of the ruleset grows past about 400 lines.
"""

from pathlib import Path

from game.ai import fate
from game.ai.base import Level, ScoringAI
from game.ai.fate_hard import HARD

ROOT = Path(__file__).resolve().parents[2]


def test_hard_is_a_level_of_the_same_ai():
    normal, hard = fate.make_ai(0, "normal"), fate.make_ai(0, "hard")
    assert type(normal) is type(hard) and isinstance(hard, ScoringAI)
    assert fate.LEVELS == ("normal", "hard")
    assert isinstance(HARD, Level) and HARD.depth == 1
    assert HARD.extra_terms == {"wounds taken", "danger"}
    assert normal.plans_turns and not hard.plans_turns


def test_no_fate_ai_module_is_over_400_lines():
    for path in sorted((ROOT / "game" / "ai").glob("fate*.py")):
        assert len(path.read_text().splitlines()) <= 400, path.name
