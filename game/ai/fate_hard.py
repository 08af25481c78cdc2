"""Hard's terms for the 4dF AI: what normal leaves out of its sums.

Hard is the normal scorer with these terms switched on (its `Level` in fate.py):

- **Wounds it will take where it stands** ("wounds taken"), in the same units as the
  wounds it deals (fate_team's worth of a track): every attack a slower enemy declared
  at this unit that still reaches it at the tile (one whose target moved out of reach or
  sight is lost), and the best attack each faster enemy could make on it there (that
  enemy will see this declaration), counted at a guessed chance it picks this unit.
  Moves (more of the numpy screen scored exactly), kneeling and lying prone are all
  valued by it.
- **Wounds on a harder-hitting enemy** are worth a little more ("danger": its penalty
  and its fall deny its next attacks).
- **The faster enemies' likely declarations** (look-ahead, depth 1): for each faster
  enemy that has not declared, the normal scorer scores that enemy's first action in its
  place; the best few (a small determinised sample) get weights by a softmax over those
  scores. An attack on such an enemy is valued at each sampled place it may be (nothing
  where it will have stepped out of reach); moves and exposure read the likeliest sample
  as if declared.

Plain functions over a `Look` (fate_look.py); they only read.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.base import Level
from game.ai.fate_ground import enemy_in_reach
from game.ai.fate_threat import threat
from game.ai.side_frame import frame_key, turned
from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import Choice, Option
from game.rulesets.fate.attacks import Situation, in_reach
from game.rulesets.fate.components import Declared
from game.rulesets.fate.cover import protection
from game.rulesets.fate.options import declaration
from game.rulesets.fate.plans import aim_planned, charge_planned, plan_of, posture_after, tile_after
from game.rulesets.fate.stats import hand_attacks, posture, template

SAMPLES = 3  # an enemy's likeliest first actions considered
SAMPLE_TEMPERATURE = 0.35  # score units, as the easy level's softmax
# Measured against normal on woodland and warehouse (100 battles each, seeds 1000-1049
# both ways): 1.5 / 0.75 for the first two, or 1.0 for the third, moved nothing beyond noise.
THREAT_WEIGHT = 1.0  # wounds taken count as much as wounds dealt
DANGER_K = 0.5  # how much more a wound on a harder-hitting enemy is worth
PRONE_THROWS = 0.4  # lying prone: −2 to its own thrown attacks
PRONE_TO_MOVE = 0.15  # lying prone: an action spent standing up to move
LOW_BLOWS = 0.2  # kneeling or prone: −1 / −2 to its own blows

HARD = Level("hard", weights={"wounds taken": THREAT_WEIGHT, "danger": DANGER_K},
             extra_terms=frozenset({"wounds taken", "danger"}), depth=1)


# --- the faster enemies' likely declarations (depth 1) ------------------------------
def guess(ai: Any, battle: Any, decision: Any, plain: Any) -> dict[int, list[tuple[float, Declared]]]:
    """Each faster, undeclared enemy's likeliest first actions with their weights, each
    scored by the normal scorer in the enemy's place. `plain`: this decision's view at
    normal's level."""
    out: dict[int, list[tuple[float, Declared]]] = {}
    for e in plain.live_enemies:
        if plain.declared(e):
            continue
        theirs = ai.look(battle, declaration(battle, e, 1), plain.level)
        frame, units = turned(battle.map, battle.team(e)), set(battle.units())
        scored = sorted(ai.scored(theirs), key=lambda sc: (-sc[0], *_tie_key(battle, units, sc[1], frame)))
        top = scored[0][0]
        weights = [math.exp((s - top) / SAMPLE_TEMPERATURE) for s, _ in scored]
        total = sum(weights)
        out[e] = [(w / total, Declared(1, c.option, c.target, c.param("with")))
                  for w, (_, c) in zip(weights[:SAMPLES], scored[:SAMPLES])]
    return out


def _tie_key(battle: Any, units: set, choice: Choice, frame: bool) -> tuple:
    """Equal scores in the own frame of the side whose choices they are (side_frame): a
    tile, or a target unit's tile, by x, then y as that side reads the map. By `repr(choice)` the map's
    coordinates broke them (as text, and the same way for both sides of a mirror)."""
    target = choice.target
    if isinstance(target, int) and not isinstance(target, bool) and target in units:
        target = battle.tile(target)
    place = frame_key(target[0], target[1], frame) if isinstance(target, tuple) else (0, 0)
    return choice.option, *place, repr(choice.params)


def sampled_attacks(look: Any, opt: Option) -> list[tuple[float, Choice]]:
    """Attacks on a faster enemy valued at each place it was guessed to go (the rest of
    the chance at the plain view's value of the attack as things stand)."""
    battle, plain = look.battle, look.plain
    out = []
    for target in opt.targets:
        for w in opt.params_for(target)["with"]:
            choice = opt.choice(target, **{"with": w})
            now = plain.attack_value(target, w, plain.outcome_now(target, w), look.slot)
            samples = look.samples.get(target)
            if not samples:
                out.append((now, choice))
                continue
            wd = look.weapons[w]
            base = plain.situation(target, w)
            value, weight = 0.0, 0.0
            for p, d in samples:
                tile = d.target if d.kind == "move" else battle.tile(target)
                how = posture(battle, target)
                if d.kind in ("kneel", "prone", "stand"):
                    how = {"kneel": KNEELING, "prone": "prone", "stand": STANDING}[d.kind]
                elif d.kind == "move" and how == KNEELING:
                    how = STANDING
                prot = protection(battle, look.origin, tile)
                weight += p
                if in_reach(wd, prot.distance) and not (wd.missile and prot.blocked):
                    s = Situation(base.attacker, target, w, base.origin, tile, base.attacker_posture, how,
                                  base.charging, base.aimed)
                    value += p * look.attack_value(target, w, look.ai.outcome_for(battle, s), look.slot, stays=1.0,
                                                   others=side_attacks_at(look, target, tile, how))
            out.append((value + (1.0 - weight) * now, choice))
    return out


def side_attacks_at(look: Any, target: int, tile: tuple[int, int], how: str) -> tuple:
    """The outcomes of the side's declared attacks on `target` were it at `tile` in posture
    `how` (a guessed declaration of it): they meet the same target as this unit's attack
    (one that no longer reaches it there is lost). Valuing this unit's attack at the
    guessed place against the side's attacks at the declared one would set a weakened
    shot beside full-strength ones, and underrate fire focused with theirs."""
    battle, weapons, ai = look.battle, look.weapons, look.ai
    out = []
    for u in battle.units(look.team):
        for d in plan_of(battle, u):
            if d.kind != "attack" or d.target != target or weapons[d.weapon].effect != "wound":
                continue
            w = weapons[d.weapon]
            origin = tile_after(battle, u, d.slot - 1)
            prot = protection(battle, origin, tile)
            if not in_reach(w, prot.distance) or (w.missile and prot.blocked):
                continue
            outcome = ai.outcome_of(battle, u, target, d.weapon, origin, tile, posture_after(battle, u, d.slot - 1),
                                    how, charging=w.melee and charge_planned(battle, u, target, d.slot),
                                    aimed=w.missile and aim_planned(battle, u, target, d.slot))
            out.append(outcome)
    return tuple(out)


# --- wounds taken (fate_threat.py) --------------------------------------------------
def posture_value(look: Any, key: str) -> float:
    """Kneeling and lying prone by the exact wounds they spare (or cost, against a
    blade) where the unit stands, less what prone costs its own attacks and moving."""
    if look.posture_changed():
        return 0.0
    new = {"kneel": KNEELING, "prone": PRONE}[key]
    value = look.level.weight("wounds taken") * (threat(look, look.origin) - threat(look, look.origin, new))
    if key == "prone":
        if look.throws:
            value -= PRONE_THROWS
        if not enemy_in_reach(look, look.origin) and look.can_move:
            value -= PRONE_TO_MOVE
    if look.prefers_melee:
        value -= LOW_BLOWS
    return value


# --- danger ------------------------------------------------------------------------
def danger(battle: Any, unit: int, k: float) -> float:
    """How hard the unit hits: 1 + k/2 for each point its best attack (Attack skill plus
    half its weapon's damage modifiers) stands above 1.5."""
    def compute():
        t = template(battle, unit)
        best = 0.0
        for wid in hand_attacks(battle, unit, []):
            w = battle.ruleset.data.weapons[wid]
            if w.effect != "wound" or w.uses is not None:
                continue
            dmg = (1 if w.edged else 0) + (1 if w.anti_personnel else 0) - (1 if w.blunt else 0)
            best = max(best, t.attack + 0.5 * dmg)
        return best
    edge = battle.cached(("fate-hard-danger", unit), compute)
    # Only ever more: a factor below 1 would shrink a weak enemy's wounds against the
    # ground and exposure terms, which are not wounds.
    return 1.0 + k * max(0.0, edge - 1.5) / 2
