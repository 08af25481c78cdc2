"""The 4dF AI makes mirror-image choices in mirror-image positions (game/ai/side_frame.py;
issue 28's mirror fairness).

Two battles on an open field, one the other turned half round: three gunners a side,
side 1 west and side 2 east, then side 1 east and side 2 west, every unit on the mirror
image of its tile, the units fielded in the same order (the same entities, the same
initiative rolls from the same seed). The first unit to declare must score every
declaration the same in both, its moves to mirror-image tiles. Each gunner has its
three enemies at one distance (9 tiles), and the open ground ties many tiles, so the
AI's own tie-breaks decide: before, they went by the map's x and y for both sides
(the nearest enemy to head for: the smallest tile of the equally near; the moves
scored exactly after the numpy screen: the smallest of the equally screened), and on
the shipped "Two Captains" mirror (fate, both sides playing the mission, 1000 battles)
the side deployed east won 514 to 367, 119 drawn; with the ties in each side's own
frame 442 to 429, 129 drawn.
"""

from __future__ import annotations

from game.ai import make_ai
from game.engine.battle import Battle, UnitOrder
from game.rulesets import load_ruleset
from game.world.tactical_map import Spawn
from tests.helpers import ascii_map, open_map

WIDTH, HEIGHT = 12, 25
WEST = [(2, 10), (2, 19)]
# A wall down the middle, open only at its two ends: neither side sees the other.
WALLED = ["....." + (".." if y in (0, HEIGHT - 1) else "##") + "....." for y in range(HEIGHT)]


def turn(tile):
    """The tile's mirror image: the field turned half round about its centre."""
    return WIDTH - 1 - tile[0], HEIGHT - 1 - tile[1]


def first_declaration(turned_round: bool, seed: int, walled: bool = False):
    """(battle, its first decision): side 1 on WEST and side 2 on its mirror image, or
    (`turned_round`) the whole field turned half round; `walled`: the field WALLED."""
    ruleset = load_ruleset("fate")
    gunner = ruleset.template_for("gunner")
    placed = [(1, t) for t in WEST] + [(2, turn(t)) for t in WEST]
    if turned_round:
        placed = [(side, turn(t)) for side, t in placed]
    tmap = ascii_map(WALLED) if walled else open_map(WIDTH, HEIGHT)
    tmap.spawns = tuple(Spawn(x, y, side) for side, (x, y) in placed)
    battle = Battle(tmap, ruleset, [UnitOrder(side, gunner, x, y) for side, (x, y) in placed],
                    seed=seed, max_rounds=5)
    return battle, battle.pending


def scored(turned_round: bool, seed: int, walled: bool = False):
    """The first declarer, and its scored declarations as {(option, target as in the
    unturned field, params): score}."""
    battle, decision = first_declaration(turned_round, seed, walled)
    try:
        ai = make_ai("fate", 1, "normal")
        out = {}
        for score, choice in ai.scored_choices(battle, decision):
            target = turn(choice.target) if turned_round and isinstance(choice.target, tuple) else choice.target
            out[choice.option, target, choice.params] = round(score, 9)
        return decision.actor, out
    finally:
        battle.close()


def test_a_position_and_its_mirror_image_are_scored_alike():
    for seed in (1, 2, 3):  # the first declarer: a unit of either side
        (unit, plain), (unit_turned, turned_round) = scored(False, seed), scored(True, seed)
        assert unit == unit_turned
        assert sum(1 for option, _, _ in plain if option == "move") >= 2
        assert plain == turned_round


def test_unseen_the_enemy_is_looked_for_at_the_mirror_image_of_the_same_place():
    """No one sees an enemy: each heads for the middle of the enemy's deployment, between
    two spawns an odd number of rows apart. Rounded down in the map's frame, that middle
    was a row nearer one end for side 1 than for side 2 (the mirror image of 9.5, 14.5)."""
    for seed in (1, 2, 3):
        (unit, plain), (unit_turned, turned_round) = scored(False, seed, True), scored(True, seed, True)
        assert unit == unit_turned
        assert sum(1 for option, _, _ in plain if option == "move") >= 2
        assert plain == turned_round


def guessed(turned_round: bool, seed: int):
    """Hard's guess at the faster enemies' first actions (fate_hard.guess) for the first
    declarer, each target as in the unturned field: {enemy's name: [(weight, option,
    target, with)]}."""
    from game.ai import fate_hard
    from game.ai.fate import NORMAL
    battle, decision = first_declaration(turned_round, seed)
    try:
        ai = make_ai("fate", 1, "hard")
        plain = ai.look(battle, decision, NORMAL)
        out = {}
        for enemy, samples in fate_hard.guess(ai, battle, decision, plain).items():
            out[battle.name(enemy)] = [
                (round(w, 9), d.kind, turn(d.target) if turned_round and isinstance(d.target, tuple) else
                 (battle.name(d.target) if isinstance(d.target, int) else d.target), d.weapon)
                for w, d in samples]
        return out
    finally:
        battle.close()


def test_hard_guesses_the_faster_enemies_alike_in_a_position_and_its_mirror_image():
    """Hard weighs the faster enemies' likeliest first actions, the best few by score; equal
    scores went by the text of the choice, the map's coordinates (fate_hard._tie_key)."""
    for seed in (1, 2, 3):
        plain, turned_round = guessed(False, seed), guessed(True, seed)
        assert plain and plain == turned_round
