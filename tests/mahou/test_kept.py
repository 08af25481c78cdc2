"""Mahou on the one cache layer and the one AI base (issue 27).

What is tested: every table the Mahou rules and AI keep answers in is declared in
game/kept.py's catalogue with the owner it is used with; no Mahou module keeps a table
of its own at run time; a battle's answers live in its named tables and are freed by
`Battle.close`; the definitions' tables are keyed by ids (or frozen at load); `hard` is the same scorer as
`normal` with other Level data; and the plan's threat from another tile is the sum a
reader would write from the attack rules' profile, stance by stance.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.ai import mahou as ai_module
from game.ai.base import Level, ScoringAI
from game.ai.mahou import MahouAI, make_ai
from game.ai.mahou_odds import at_least, hit_damage, threat_spec
from game.ai.mahou_plan import _threat_at
from game.ai.levels import ai_levels
from game.engine.setup import new_battle
from game.kept import BATTLE, CATALOGUE, DATA, MAP
from game.replay import maps_dir
from game.rulesets.mahou.attacks import WEAPON, AttackSpec, attack_profile
from game.rulesets.mahou.data import shared_data
from tests.mahou.kit import battle

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*ROOT.glob("game/ai/mahou*.py"), *ROOT.glob("game/rulesets/mahou/*.py")])
#: a table named where it is used, and the owner that use implies
USES = (
    (re.compile(r'battle\.kept\.(?:get|table)\(\s*"(mahou-[a-z-]+)"'), BATTLE),
    (re.compile(r'(?:tmap|battle\.map)\.kept\.(?:get|table)\(\s*"(mahou-[a-z-]+)"'), MAP),
    (re.compile(r'data\.kept\.(?:get|table)\(\s*"(mahou-[a-z-]+)"'), DATA),
    (re.compile(r'pure\(\s*"(mahou-[a-z-]+)"\)'), DATA),
)


def test_every_table_used_is_declared_with_the_owner_it_is_used_with():
    used = set()
    for path in FILES:
        text = path.read_text()
        for pattern, owner in USES:
            for name in pattern.findall(text):
                assert name in CATALOGUE, f"{path.name}: table {name!r} is not in game/kept.py's catalogue"
                assert CATALOGUE[name].owner == owner, f"{path.name}: {name!r} used as a {owner} table"
                used.add(name)
    declared = {name for name in CATALOGUE if name.startswith("mahou-")}
    assert declared - used == set(), "declared but never used"


def test_no_mahou_module_keeps_a_table_of_its_own():
    for path in FILES:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            assert not isinstance(node, ast.Global), f"{path.name}: a global statement"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = {a.name for a in node.names}
                assert "lru_cache" not in names and "cache" not in names, f"{path.name}: an unnamed cache"
        for node in tree.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                value = node.value
                empty = (isinstance(value, ast.Dict) and not value.keys) or (
                    isinstance(value, (ast.List, ast.Set)) and not value.elts) or (
                    isinstance(value, ast.Call) and getattr(value.func, "id", "") in {"dict", "list", "set"}
                    and not value.args)
                assert not empty, f"{path.name}:{node.lineno}: a module-level table filled at run time"


def test_a_battles_answers_live_in_its_named_tables_and_go_with_it():
    b = new_battle(maps_dir() / "arena.tmx", "mahou", seed=3)
    for _ in range(60):
        if b.pending is None:
            break
        b.submit(make_ai(1).decide(b, b.pending))
    held = {name: (n, hits + misses) for name, n, hits, misses in b.kept.stats()}
    assert held["mahou-ai-blows"][1] > 0 and held["mahou-reach"][1] > 0
    assert "pure" not in held or held["pure"][0] == 0  # nothing Mahou keeps goes unnamed
    b.close()
    assert all(n == 0 for _, n, _, _ in b.kept.stats())


def test_the_definitions_tables_are_keyed_by_ids():
    b = new_battle(maps_dir() / "arena.tmx", "mahou", seed=4)
    for _ in range(40):
        if b.pending is None:
            break
        b.submit(make_ai(2).decide(b, b.pending))
    data = shared_data()
    assert b.ruleset.data is data  # read once per process, shared by every battle
    tables = data.kept.tables
    assert {"mahou-attack-names", "mahou-defence-ways"} <= set(tables)
    # what every template gets from them is worked out once, when they load
    assert set(data.damage_specs) >= {(t, "fists") for t in data.templates}
    assert set(data.facet_skills) == set(data.templates)
    for table in tables.values():
        for key in table.answers:
            parts = key if isinstance(key, tuple) else (key,)
            assert all(p is None or isinstance(p, str) or (isinstance(p, tuple) and all(
                isinstance(q, str) for q in p)) for p in parts), (table.spec.name, key)
    b.close()


def test_hard_is_the_normal_scorer_with_other_level_data():
    assert ai_module.LEVELS == ("normal", "hard")
    assert "hard" in ai_levels("mahou")
    normal, hard = make_ai(0, "normal"), make_ai(0, "hard")
    assert type(normal) is type(hard) is MahouAI and isinstance(hard, ScoringAI)
    # deciding, tie-breaking and gathering the candidates are the base's own
    assert MahouAI.decide is ScoringAI.decide and MahouAI.scored_choices is ScoringAI.scored_choices
    level = MahouAI.LEVELS["hard"]
    assert isinstance(level, Level) and level.depth == 1 and level.uses("taken")
    assert MahouAI.LEVELS["normal"].depth == 0 and not MahouAI.LEVELS["normal"].extra_terms
    with pytest.raises(ValueError, match="no level"):
        make_ai(0, "expert")


@pytest.mark.parametrize("tile", [(2, 1), (3, 3), (6, 1)])
def test_the_plans_threat_from_another_tile_is_the_readable_sum(tile):
    """A foe's best expected blow on the unit standing on `tile`: for each of its
    weapon's stances, P(hit, no critical) × a plain hit's damage + P(critical) × a
    critical's, from `attack_profile(at=tile)` read stance by stance."""
    b = battle([(1, "boxer", 1, 1), (2, "shooter", 7, 3)], [5, 5, 1, 1])
    boxer, shooter = b.units()
    spec, stances = threat_spec(b, shooter, boxer)
    best = 0.0
    for stance in stances:
        profile = attack_profile(b, AttackSpec(shooter, boxer, WEAPON, spec.weapon, stance, spec.skill,
                                               spec.hands), at=tile)
        tn = profile.target_number
        hit = at_least(profile.roll, tn)
        crit = at_least(profile.roll, 2 * tn) if profile.crit_possible else 0.0
        plain_d, crit_d, _, _ = hit_damage(b, profile)
        best = max(best, (hit - crit) * plain_d + crit * crit_d)
    assert best > 0  # the shooter has a clear line to every tile of the open room
    assert _threat_at(b, shooter, boxer, tile) == pytest.approx(best, abs=1e-12)
