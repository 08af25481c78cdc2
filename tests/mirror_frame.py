"""A point-mirrored field for the rulesets' mirror-image tests (game/ai/side_frame.py).

`own_decision(ruleset_id, side)` plays a battle of one gunner a side on an open 14 x 7
field, turned half round onto itself (side 1 at (2, 3), side 2 at (11, 3)), passing
every other decision, up to the side's first own decision; `turn` is the mirror image
of a tile. On such a field two identical AIs must list mirror-image candidate moves.
"""

from __future__ import annotations

from game.engine.battle import Battle, UnitOrder
from game.engine.dice import ScriptedDice
from game.engine.decisions import DECLARE, TURN
from game.rulesets import load_ruleset
from game.world.tactical_map import Spawn
from tests.helpers import open_map

WIDTH, HEIGHT = 14, 7
OWN = (TURN, DECLARE)


def turn(tile):
    """The tile's mirror image: the field turned half round about its centre."""
    return WIDTH - 1 - tile[0], HEIGHT - 1 - tile[1]


def pass_turn(decision):
    """The other side's answer: end the turn (or hold), else the first option."""
    option = decision.option("end_turn") or decision.option("hold") or decision.options[0]
    if option.target_kind == "none":
        return option.choice()
    return option.choice(option.targets[0])


def own_decision(ruleset_id: str, side: int, seed: int = 3, dice: list | None = None):
    """(the battle, the side's first own decision); the caller closes the battle.
    `dice`: faces forced (ScriptedDice) where a roll would make the sides differ."""
    ruleset = load_ruleset(ruleset_id)
    tmap = open_map(WIDTH, HEIGHT)
    tmap.spawns = (Spawn(2, 3, 1), Spawn(11, 3, 2))
    gunner = ruleset.template_for("gunner")
    battle = Battle(tmap, ruleset, [UnitOrder(1, gunner, 2, 3), UnitOrder(2, gunner, 11, 3)], seed=seed,
                    max_rounds=5, **({} if dice is None else {"dice": ScriptedDice(list(dice))}))
    while battle.pending is not None and not (battle.pending.side == side and battle.pending.kind in OWN):
        battle.submit(pass_turn(battle.pending))
    return battle, battle.pending
