"""What one unit sees while declaring one action: the 4dF AI's read-only view.

A `Look` is made once per decision (and, for hard, once per guess at a faster enemy's
declaration). It reads the planned positions (declaring slowest-first lets a faster unit
see where slower ones will stand), the side's declared attacks, and the enemies its
side knows of; it values an attack by what it adds to those of its side on the same
target (fate_team.py), times the chance the target is still there. The ground a tile
is worth lives in fate_ground.py, the attack a move sets up in fate_follow.py.

Answers about the battle's state kept for the decision live in the battle's decision
table (`battle.memo`, game.kept); the view's own fields are what it read, and the turn
plan the first declaration hands to the second (`follow_ups`, `aimed_shot`,
`move_grounds`, `kept_moves`).
"""

from __future__ import annotations

from typing import Any

from game.ai import fate_ground, fate_team
from game.ai.base import Level
from game.ai.fate_hard import danger
from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import Decision
from game.rulesets.fate.attacks import Situation, in_reach
from game.rulesets.fate.cover import protection, sight_from
from game.rulesets.fate.data import UNARMED
from game.rulesets.fate.options import MOVE_TILES, enemies, known_to_side
from game.rulesets.fate.plans import POSTURES, aim_planned, attacks_declared, charge_planned, courses
from game.rulesets.fate.stats import hand_attacks, is_blind, posture, track
from game.world.paths import chebyshev

BLIND_VALUE = 1.0
# The chance a faster, undeclared enemy is still next to a blade when it falls: a
# shooter steps away more readily than a brawler, who came to fight.
STAY_IN_MELEE = {"brawler": 0.85, "shooter": 0.5}
GUESS_TRUST = 0.8  # hard: how far a guessed declaration of a faster enemy is relied on
LIMITED_ITEM = 0.25  # a limited item is worth keeping for a better moment
GROUND_RATE = 0.15  # per tile walked toward the fight (short of where it fights from)
GROUND_RATE_ENGAGED = 0.02  # the same, for a unit that can already attack someone now


class Look:
    """What one unit sees while declaring one action, read once per decision."""

    def __init__(self, ai: Any, battle: Any, decision: Decision, level: Level,
                 assumed: dict[int, list] | None = None) -> None:
        """`level`: whose terms score what it sees (hard scores its guesses at the enemy
        with normal's). `assumed`: declarations taken as made for units that have not
        declared yet (hard's guess at what faster enemies will do)."""
        self.ai, self.battle, self.decision, self.level = ai, battle, decision, level
        self.assumed = assumed or {}
        # Hard's terms, by weight (None: not used).
        self.danger_k = level.weight("danger") if level.uses("danger") else None
        self.threat_k = level.weight("wounds taken") if level.uses("wounds taken") else None
        # The assumed plans as a key of the decision's answers that depend on them.
        self.assumed_key = tuple((e, tuple(ds)) for e, ds in sorted(self.assumed.items()))
        self.unit = unit = decision.actor
        self.team = battle.team(unit)
        self.slot = decision.context.get("slot", 1)
        self.protections = battle.map.kept.table("fate-protection")  # for cover.protection's hot loops
        self.courses = courses(battle)  # every unit's planned tiles and postures, by beat
        mine = self.courses[unit]
        self.origin = mine.tiles[self.slot - 1]
        self.posture = mine.postures[self.slot - 1]
        sees = decision.context.get("sees")  # the declaration's own known_to_side (the state has not changed)
        known = frozenset(sees) if sees is not None else known_to_side(battle, self.team)
        # The AI's own memory (not the battle's state): where each enemy was last seen,
        # forgotten once the side sees that spot again and the enemy is not there. (Asked
        # again for the same side and state, it changes nothing.)
        last_seen = self.last_seen = ai.last_seen
        for e in known:
            last_seen[e] = battle.tile(e)
        eyes = [battle.tile(u) for u in battle.units(self.team, active_only=True)]
        for e in [e for e in last_seen if e not in known]:
            if any(sight_from(battle, eye)[last_seen[e]] for eye in eyes):
                del last_seen[e]
        self.enemies = [e for e in enemies(battle, unit) if e in known]
        self.live_enemies = [e for e in self.enemies if battle.active(e)]
        self.enemy_tiles = [self.where(e, self.slot) for e in self.live_enemies]  # in this beat
        weapons = self.weapons = battle.ruleset.data.weapons
        self.every = every = hand_attacks(battle, unit, [])
        self.missiles = [w for w in every if weapons[w].missile and weapons[w].uses is None]
        used = attacks_declared(battle, unit)
        after = hand_attacks(battle, unit, used) if used else every  # (no attack declared yet: the same)
        self.usable_next = _undominated([w for w in after if weapons[w].uses is None], weapons)
        # How far each weapon usable next beat reaches (profile.in_reach: a blade 1 tile).
        self.reach_next = {w: 1 if weapons[w].melee else weapons[w].long_range for w in self.usable_next}
        self.reach = max((weapons[w].short_range for w in self.missiles), default=1)
        self.prefers_melee = not self.missiles
        self.throws = any(weapons[w].kind == "thrown" for w in self.missiles)
        self.options = {o.key: o for o in decision.options}  # the declaration's options by key
        self.can_move = "move" in self.options
        # Ground matters less to a unit that can already strike or shoot someone from here.
        self.ground_rate = GROUND_RATE_ENGAGED if "attack" in self.options else GROUND_RATE
        # The side's declared attacks by target (read by every attack's worth).
        self.side = battle.memo(("fate-ai-side-attacks", self.team, self.assumed_key), self._side_attacks)
        self.goal = fate_ground.goal(self)
        self.walk = fate_ground.walk_grid(self)  # walking distances to the goal
        # How close to the goal it means to get: its fighting distance from a known enemy;
        # all the way to a place an enemy was last seen (or their deployment) to find one.
        self.wanted = (1 if self.prefers_melee else self.reach) if self.live_enemies else 0
        # The turn's plan (FateAI.decide): filled while scoring the first declaration,
        # given to the second.
        self.follow_ups: dict[tuple[int, int], tuple | None] = {}  # tile: its follow-up (enemy, weapon)
        self.aimed_shot: dict[int, str] = {}  # aim's target: the weapon of the aimed shot
        self.move_grounds: list | None = None  # (ground, move choice) of the moves scored exactly
        self.kept_moves: list | None = None  # second declaration: the first's move_grounds
        self.move_plans: tuple | None = None  # fate_declare.move_plans: the moves and the ground left
        # Hard: the faster enemies' sampled declarations, and the plain view they are
        # weighed against (fate_hard.guess).
        self.samples: dict[int, list] = {}
        self.plain: Look | None = None

    # --- reading plans -------------------------------------------------------------
    def plan(self, unit: int) -> "list | tuple":
        return self.assumed.get(unit) or self.courses[unit].plan

    def where(self, unit: int, slot: int) -> tuple[int, int]:
        slot = slot if slot < 2 else 2
        if unit in self.assumed:
            tile = self.battle.tile(unit)
            for d in self.assumed[unit]:
                if d.slot <= slot and d.kind == "move":
                    tile = d.target
            return tile
        return self.courses[unit].tiles[slot]

    def posture_of(self, unit: int, slot: int) -> str:
        if unit in self.assumed:
            p = posture(self.battle, unit)
            for d in self.assumed[unit]:
                if d.slot <= min(slot, 2):
                    p = POSTURES.get(d.kind, STANDING if d.kind == "move" and p == KNEELING else p)
            return p
        return self.courses[unit].postures[slot if slot < 2 else 2]

    def posture_of_now(self, unit: int) -> str:
        """The unit's posture before this turn's actions (plans read as declared)."""
        return self.courses[unit].postures[0]

    def declared(self, unit: int) -> bool:
        return bool(self.plan(unit))

    def posture_changed(self) -> bool:
        return any(d.kind in ("kneel", "prone", "stand") for d in self.plan(self.unit))

    def claimed_tiles(self) -> set[tuple[int, int]]:
        """Tiles another unit already plans to stand on when this move happens or after:
        a move there would be stopped short (or stop an ally)."""
        battle = self.battle
        claimed = set()
        for u in battle.units():
            if u == self.unit or not self.plan(u):
                continue
            claimed.add(self.where(u, self.slot))
            if battle.team(u) == self.team:
                claimed.add(self.where(u, 2))
        return claimed

    # --- this unit's attacks -------------------------------------------------------
    def _now(self, target: int, weapon_id: str) -> tuple:
        """This unit's attack on `target` in this beat, at the planned (or assumed) places:
        a Situation's fields in order (attacker, target, weapon, the two tiles, the two
        postures, charging, aimed)."""
        w, slot, battle = self.weapons[weapon_id], self.slot, self.battle
        return (self.unit, target, weapon_id, self.origin, self.where(target, slot), self.posture,
                self.posture_of(target, slot), w.melee and charge_planned(battle, self.unit, target, slot),
                w.missile and aim_planned(battle, self.unit, target, slot))

    def situation(self, target: int, weapon_id: str) -> Any:
        """This unit's attack on `target` in this beat (`_now`), as a Situation."""
        *fields, charging, aimed = self._now(target, weapon_id)
        return Situation(*fields, charging=charging, aimed=aimed)

    def outcome_now(self, target: int, weapon_id: str) -> Any:
        """The outcome of `situation(target, weapon_id)`, the Situation built only if the
        outcome is not kept."""
        return self.ai.outcome_of(self.battle, *self._now(target, weapon_id))

    # --- the side's attacks and their worth ----------------------------------------
    def _side_attacks(self) -> dict[int, list]:
        """Outcome distributions of the attacks this side has declared this turn, by
        target, each met where its target will be: as declared, or (hard) as this view
        assumes of a faster enemy, where an attack that no longer reaches it is lost."""
        battle, weapons, ai = self.battle, self.weapons, self.ai
        out: dict[int, list] = {}
        for u in battle.units(self.team):
            theirs = self.courses[u]
            for d in theirs.plan:
                w = weapons[d.weapon] if d.kind == "attack" else None
                if w is None or w.effect != "wound" or d.target not in self.courses:
                    continue  # no wound, or its target left by an exit (off the board)
                origin = theirs.tiles[d.slot - 1]
                there, how = self.where(d.target, d.slot), self.posture_of(d.target, d.slot)
                if d.target in self.assumed:
                    prot = protection(battle, origin, there)
                    if not in_reach(w, prot.distance) or (w.missile and prot.blocked):
                        continue  # it will have stepped out of this attack's reach
                outcome = ai.outcome_of(battle, u, d.target, d.weapon, origin, there,
                                        theirs.postures[d.slot - 1], how,
                                        charging=w.melee and charge_planned(battle, u, d.target, d.slot),
                                        aimed=w.missile and aim_planned(battle, u, d.target, d.slot))
                out.setdefault(d.target, []).append(outcome)
        return out

    def stays(self, target: int, weapon: Any, slot: int, distance: int | None = None) -> float:
        """The chance the target is still there to be attacked when this attack comes.
        Slower units have declared (their planned tile is where they will be); a prone
        unit needs a move action to stand before it can move; a faster enemy moves first,
        and a shooter steps away from a blade more readily than a brawler does."""
        if target in self.assumed:
            # A guess, not a declaration: mostly trusted, the rest as if unknown.
            return GUESS_TRUST + (1 - GUESS_TRUST) * self._stays_unknown(target, weapon, slot, distance)
        if self.declared(target) or not self.battle.active(target):
            return 1.0
        return self._stays_unknown(target, weapon, slot, distance)

    def _stays_unknown(self, target: int, weapon: Any, slot: int, distance: int | None) -> float:
        battle = self.battle
        if not battle.active(target):
            return 1.0
        beats = slot
        if self.posture_of_now(target) == PRONE:
            beats -= 1
        if beats <= 0:
            return 1.0
        if weapon.melee:
            kind = "brawler" if is_brawler(battle, target) else "shooter"
            return STAY_IN_MELEE[kind] - 0.1 * (beats - 1)
        if distance is None:
            distance = chebyshev(self.origin, battle.tile(target))
        return 0.97 if distance + MOVE_TILES * beats <= weapon.long_range else 0.8

    def attack_value(self, target: int, weapon_id: str, outcome: Any, slot: int,
                     distance: int | None = None, stays: float | None = None,
                     others: tuple | None = None) -> float:
        """What this attack (its `outcome`, fate_team) adds to the side's attacks on the target,
        times the chance the target is still there (hard: and times how hard the target
        hits back, fate_hard.danger). `others`: the outcomes of the side's attacks on the
        target, when not as declared (hard's guess at where the target will be)."""
        battle = self.battle
        if not battle.active(target):
            return 0.0  # finishing a helpless enemy does not change the fight
        w = self.weapons[weapon_id]
        if w.effect == "blind":
            flashed = any(self.weapons[d.weapon].effect == "blind" and d.target == target
                          for u in battle.units(self.team) for d in self.plan(u) if d.kind == "attack")
            value = 0.0 if flashed or is_blind(battle, target) else \
                BLIND_VALUE * fate_team.hit_chance(outcome)
        else:
            t = track(battle, target)
            boxes = (t.scratch, t.hurt, t.very_hurt, t.incapacitated)
            if others is None:
                others = tuple(self.side.get(target, ()))
            value = fate_team.gain(boxes, others, outcome)
        value *= self.stays(target, w, slot, distance) if stays is None else stays
        if w.uses is not None:
            value -= LIMITED_ITEM
        if value > 0 and self.danger_k is not None:
            value *= danger(battle, target, self.danger_k)
        return value


def is_brawler(battle: Any, unit: int) -> bool:
    """A unit with no thrown or projectile attack in hand (it came to fight up close)."""
    weapons = battle.ruleset.data.weapons
    return battle.memo(("fate-ai-brawler", unit),
                       lambda: not any(weapons[w].missile for w in hand_attacks(battle, unit, [])))


def _undominated(usable: list[str], weapons: Any) -> list[str]:
    """A fist is "especially blunt" (−1 damage): never better than a melee weapon in hand."""
    if any(weapons[w].melee and w != UNARMED for w in usable):
        return [w for w in usable if w != UNARMED]
    return usable
