"""The 4dF AI: declares each action by the ruleset's exact odds, as one side.

It reads what declaring slowest-first lets it see (the planned positions of slower
units), and plays with its side:

- **destinations**: never a tile another unit already plans to stand on (no "way is
  taken" stops between allies);
- **attacks** are valued by what they add to the attacks its side already declared on
  the same target, since every wound of a turn lands together (fate_team.py);
- **faster enemies** have not declared yet and may move first: an attack on one is
  discounted by the chance it is no longer there (a melee blow on a shooter who can
  step away, more than a shot at a unit in long range); a target that cannot leave
  (declared, prone, out of the fight) is certain;
- **moves** are screened all at once with numpy (fate_grid.py), the best few scored
  exactly: ground gained, exposure, cover, and the attack a first-action move sets up;
- **postures and aim**: kneel or drop prone against the shots it expects, aim when it
  has one shot to make and the target stays.

It has its own seeded random stream for ties and never touches the battle's dice. It
knows where enemies are only as its side has seen them. Scoring only reads.
"""

from __future__ import annotations

import random
from itertools import chain
from typing import Any

import numpy as np

from game.ai import fate_grid, fate_team
from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.fate.attacks import Situation, attack_profile, in_reach
from game.rulesets.fate.cover import protection, sight_from
from game.rulesets.fate.components import Fighter
from game.rulesets.fate.data import UNARMED
from game.rulesets.fate.options import enemies, known_to_side
from game.rulesets.fate.plans import (POSTURES, aim_planned, attacks_declared, charge_planned, is_charge,
                                      plan_of, posture_after, tile_after)
from game.rulesets.fate.profile import line_read
from game.rulesets.fate.stats import (hand_attacks, is_blind, posture, saw_at_start, surprised_this_turn,
                                      track)
from game.rulesets.fate.wounds import WoundTrack, wound_penalty
from game.world.paths import UNREACHABLE, chebyshev, distance_field

LEVELS = ("normal", "hard")
EASY_TEMPERATURE = 0.35  # score units: easy picks by softmax over normal's scores
BLIND_VALUE = 1.0
COVER_VALUE = {None: 0.0, "partial": 0.35, "total": 0.7}
EXACT_MOVES = 4  # move targets scored exactly after the numpy screen
SHOT_RANGE = fate_grid.SHOT_RANGE
MOVE_TILES = 6
GROUND_RATE = 0.15  # per tile walked toward the fight (short of where it fights from)
GROUND_RATE_ENGAGED = 0.02  # the same, for a unit that can already attack someone now
# The chance a faster, undeclared enemy is still next to a blade when it falls: a
# shooter steps away more readily than a brawler, who came to fight.
STAY_IN_MELEE = {"brawler": 0.85, "shooter": 0.5}
GUESS_TRUST = 0.8  # hard: how far a guessed declaration of a faster enemy is relied on


class FateAI:
    plans_turns = True  # decide() plans a unit's turn at its first declaration (above)

    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
        self.rng = random.Random(seed)
        self.level = level
        self.last_seen: dict[int, tuple[int, int]] = {}
        # unit: (battle, round, its first declaration, what it plans for the second)
        self._intents: dict[int, tuple] = {}

    def profile(self, battle: Any, situation: Any) -> Any:
        """`attack_profile`, kept under a key of everything its numbers (all the AI reads)
        depend on: the two units' templates, weapon, postures, charge and aim, what it reads
        of the line between the two tiles (profile.line_read: lines alike in that share one
        profile), a sneak attack, both wound penalties, blindness, a helpless or surprised
        defender. Kept with the ruleset's data (its table "fate-ai-profiles"), shared by
        the battles that play it: a profile's situation (units, tiles) and distance are
        never read, only its numbers."""
        s = situation
        return self.profile_of(battle, s.attacker, s.target, s.weapon, s.origin, s.target_tile,
                               s.attacker_posture, s.target_posture, s.charging, s.aimed, s)

    def profile_of(self, battle: Any, attacker: int, target: int, weapon: str, origin: tuple, target_tile: tuple,
                   attacker_posture: str, target_posture: str, charging: bool = False, aimed: bool = False,
                   situation: Any = None, line: tuple | None = None) -> Any:
        """`profile` of the Situation with these fields, built only when not kept. `line`:
        `line_read` of the line between the tiles, when the caller has it."""
        data = battle.ruleset.data
        if line is None:
            # What attack_profile reads of the line (profile.line_read): the AI reads a
            # profile's numbers only (its outcome), never its distance or situation.
            line = line_read(data.weapons[weapon], protection(battle, origin, target_tile))
        key = (weapon, attacker_posture, target_posture, charging, aimed, line, _pair(battle, attacker, target))

        def compute():
            s = situation if situation is not None else Situation(
                attacker, target, weapon, origin, target_tile, attacker_posture, target_posture,
                charging=charging, aimed=aimed)
            return attack_profile(battle, s)
        return data.kept.get("fate-ai-profiles", key, compute)

    def outcome(self, profile: Any) -> Any:
        """`fate_team.profile_outcome` (kept by the profile's numbers)."""
        return fate_team.profile_outcome(profile)

    # --- the level contract --------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        if not self.plans_turns:
            return self._pick(self.scored_choices(battle, decision))
        slot = decision.context.get("slot", 1)
        if slot == 2:
            followed = self._follow(battle, decision)
            if followed is not None:
                return followed
        look = Look(self, battle, decision)
        if slot == 2:
            look.kept_moves = self._kept_moves(battle, decision)
        scored = self._scored(look)
        choice = self._pick(scored)
        moves = decision.option("move")
        while choice.option == "move" and look.kept_moves is not None and choice.target not in moves.targets:
            # A kept move may be out of reach in the second beat (the units stand where the
            # first leaves them): asked only of the one picked, since working out the move
            # tiles is the costly part of the options.
            scored = [(s, c) for s, c in scored if c != choice]
            choice = self._pick(scored)
        if slot == 1:
            self._intents[decision.actor] = (battle, battle.round, choice, look.intent_after(choice))
        return choice

    def _pick(self, scored: list[tuple[float, Choice]]) -> Choice:
        best = max(s for s, _ in scored)
        top = [c for s, c in scored if s >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    # --- a turn planned at its first declaration -----------------------------------
    # A unit declares both its actions in a row, with nothing declared between them, so
    # its first declaration already saw everything its second will. Normal plans the
    # turn once: the move it picks was scored with the attack it sets up, the aim with
    # its aimed shot; the second declaration makes that attack (when it is still on
    # offer) instead of scoring every option again. After an attack or a posture, the
    # moves screened for the first action (from the same tile) are reused as the second
    # action's moves. Only a move that set up no attack (a second move, most often) is
    # scored afresh.
    def _intent(self, battle: Any, decision: Decision) -> tuple | None:
        """What this unit planned at its first declaration of this turn, when that
        declaration is the one on record (else nothing: the plan is not this turn's)."""
        kept = self._intents.get(decision.actor)
        if kept is None or kept[0] is not battle or kept[1] != battle.round:
            return None
        plan = plan_of(battle, decision.actor)
        if len(plan) != 1 or plan[0].kind != kept[2].option or plan[0].target != kept[2].target \
                or plan[0].weapon != kept[2].param("with"):
            return None
        return kept[3]

    def _follow(self, battle: Any, decision: Decision) -> Choice | None:
        """The planned second action, when it is one choice still on offer."""
        intent = self._intent(battle, decision)
        if intent is None or intent[0] != "do":
            return None
        choice = intent[1]
        opt = decision.option(choice.option)
        if opt is None or choice.target not in opt.targets \
                or choice.param("with") not in opt.params_for(choice.target).get("with", ()):
            return None
        return choice

    def _kept_moves(self, battle: Any, decision: Decision) -> list | None:
        """The moves scored at the first declaration from this same tile, by their ground."""
        intent = self._intent(battle, decision)
        return intent[1] if intent is not None and intent[0] == "moves" else None

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Every declaration considered, with its score (higher is better). Reads only."""
        return self._scored(Look(self, battle, decision))

    def _scored(self, look: "Look") -> list[tuple[float, Choice]]:
        opts = {o.key: o for o in look.decision.options}
        out: list[tuple[float, Choice]] = [(0.0, _PLAIN["hold"])]
        ground = 0.0
        if "move" in opts:
            moves, ground = self._moves(look, opts["move"])
            out += moves
        if "attack" in opts:
            for value, choice in self._attacks(look, opts["attack"]):
                # Attacking first still leaves the second action to gain ground.
                out.append((value + (ground if look.slot == 1 else 0.0), choice))
        if "aim" in opts:
            out += self._aims(look, opts["aim"])
        for key in ("kneel", "prone", "stand"):
            if key in opts:
                # An action spent for nothing loses to holding.
                out.append((self._posture_value(look, key) - 0.01, _PLAIN[key]))
        return out

    # --- attacks -------------------------------------------------------------------
    def _attacks(self, look: "Look", opt: Option) -> list[tuple[float, Choice]]:
        out = []
        for target in opt.targets:
            for w in opt.params_for(target)["with"]:
                choice = Choice(opt.key, target, (("with", w),))  # opt.choice(target, with=w)
                out.append((look.attack_value(target, w, look.profile_now(target, w), look.slot), choice))
        return out

    def _aims(self, look: "Look", opt: Option) -> list[tuple[float, Choice]]:
        """Aiming as a plan. First action, for a unit with a single attack to make: aim now,
        take the aimed shot with the second. Second action: the aim's gain for next
        turn's shot, discounted (the target may move, the unit may want to)."""
        if look.two_attacks:
            return []  # two attacks a turn beat aiming for one
        battle = look.battle
        out = []
        for target in opt.targets:
            where, how = look.where(target, look.slot + 1), look.posture_of(target, look.slot + 1)
            best = 0.0
            for w in look.missiles:
                aimed = Situation(look.unit, target, w, look.origin, where, look.posture, how, aimed=True)
                with_aim = look.attack_value(target, w, self.profile(battle, aimed), look.slot + 1)
                if look.slot == 1:
                    if with_aim > best or target not in look.aimed_shot:
                        look.aimed_shot[target] = w  # the shot this aim is for
                    best = max(best, with_aim)
                else:
                    plain = Situation(look.unit, target, w, look.origin, where, look.posture, how)
                    without = look.attack_value(target, w, self.profile(battle, plain), look.slot + 1)
                    best = max(best, 0.4 * (with_aim - without))
            out.append((best, opt.choice(target)))
        return out

    # --- movement ------------------------------------------------------------------
    def _moves(self, look: "Look", opt: Option) -> tuple[list[tuple[float, Choice]], float]:
        """The best few moves, scored as plans: the ground gained, plus (first action) the
        attack each sets up for the second. Also the best ground gain alone, which an
        attack now could still take with the second action."""
        claimed = look.claimed_tiles()
        if look.kept_moves is not None:
            # The first declaration's moves from this tile, by their ground (the plan).
            return [(g, c) for g, c in look.kept_moves if c.target not in claimed], 0.0
        tiles = [t for t in opt.targets if t not in claimed]
        if not tiles:
            return [], 0.0
        # One flat read of the tiles (np.array on a list of tuples is several times slower).
        arr = np.fromiter(chain.from_iterable(tiles), np.int64, 2 * len(tiles)).reshape(-1, 2)
        rough = fate_grid.screen(look, arr, tiles, follow_up=look.slot == 1)
        order = np.lexsort((arr[:, 1], arr[:, 0], -rough))[:look.exact_moves]
        base = look.spot_value(look.origin)
        out = []
        ground_only = 0.0
        grounds = look.move_grounds = []
        for i in order:
            tile = tiles[int(i)]
            ground = look.spot_value(tile) - base - 0.05
            ground_only = max(ground_only, ground)
            plan = ground + (look.follow_up_value(tile) if look.slot == 1 else 0.0)
            out.append((plan, opt.choice(tile)))
            grounds.append((ground, out[-1][1]))
        return out, ground_only

    # --- postures ------------------------------------------------------------------
    def _posture_value(self, look: "Look", key: str) -> float:
        """Kneel or drop prone under fire from thrown and projectile attacks (not when a
        melee blow is coming); stand up to get moving. Never undo this turn's posture.
        Shots a slower enemy has declared at this unit always count; shots a faster enemy
        might make count when this unit means to stay and shoot (an enemy in reach).
        Prone (+2) is worth more than kneeling (+1) but needs a move action to stand up:
        a unit that will want to move soon kneels."""
        if look.posture_changed():
            return 0.0
        declared_missiles, declared_melee, possible_missiles, possible_melee = look.threats()
        melee = declared_melee + possible_melee
        now = look.posture
        staying = look.enemy_in_reach(look.origin)
        if key == "stand":
            if melee or look.prefers_melee or not staying:
                return 0.6 if not declared_missiles else 0.0
            return 0.0
        if look.prefers_melee or melee:
            return 0.0
        missiles = declared_missiles + (possible_missiles if staying else 0)
        gain = {"kneel": 1, "prone": 2}[key] - {STANDING: 0, KNEELING: 1, PRONE: 2}[now]
        if gain <= 0:
            return 0.0
        value = 0.22 * gain * missiles
        if key == "prone":
            if look.throws:
                value -= 0.4  # −2 to its own thrown attacks
            if not staying and look.can_move:
                value -= 0.15  # it will have to spend an action standing up to move
        return value


class Look:
    """What one unit sees while declaring one action, computed once per decision."""

    exact_moves = EXACT_MOVES

    def __init__(self, ai: FateAI, battle: Any, decision: Decision,
                 assumed: dict[int, list] | None = None) -> None:
        """`assumed`: declarations taken as made for units that have not declared yet
        (the hard level's guess at what faster enemies will do)."""
        self.assumed = assumed or {}
        self.ai, self.battle, self.decision = ai, battle, decision
        self.unit = unit = decision.actor
        self.team = battle.team(unit)
        self.slot = decision.context.get("slot", 1)
        self.origin = tile_after(battle, unit, self.slot - 1)
        self.posture = posture_after(battle, unit, self.slot - 1)
        sees = decision.context.get("sees")  # the declaration's own known_to_side (the state has not changed)
        known = frozenset(sees) if sees is not None else known_to_side(battle, self.team)
        # The AI's own memory (not the battle's state): where each enemy was last seen,
        # forgotten once the side sees that spot again and the enemy is not there. (Asked
        # again for the same side and state, it changes nothing.)
        for e in known:
            ai.last_seen[e] = battle.tile(e)
        eyes = [battle.tile(u) for u in battle.units(self.team, active_only=True)]
        for e in [e for e in ai.last_seen if e not in known]:
            if any(sight_from(battle, eye)[ai.last_seen[e]] for eye in eyes):
                del ai.last_seen[e]
        self.enemies = [e for e in enemies(battle, unit) if e in known]
        self.live_enemies = [e for e in self.enemies if battle.active(e)]
        self.last_seen = ai.last_seen
        self._tile_after, self._posture_after = tile_after, posture_after
        self._where: dict[tuple[int, int], tuple[int, int]] = {}
        self._plans: dict[int, list] = {}
        weapons = battle.ruleset.data.weapons
        self.weapons = weapons
        every = hand_attacks(battle, unit, [])
        self.missiles = [w for w in every if weapons[w].missile and weapons[w].uses is None]
        used = attacks_declared(battle, unit)
        after = hand_attacks(battle, unit, used) if used else every  # (no attack declared yet: the same)
        self.usable_next = _undominated([w for w in after if weapons[w].uses is None], weapons)
        self.reach = max((weapons[w].short_range for w in self.missiles), default=1)
        self.prefers_melee = not self.missiles
        self.throws = any(weapons[w].kind == "thrown" for w in self.missiles)
        self._every = every
        self._two_attacks: bool | None = None
        self._side_attacks: dict[int, list] | None = None
        self.can_move = decision.option("move") is not None
        self._attack_memo: dict[tuple, float] = {}
        self._value_memo: dict[tuple, float] = {}
        self._line_memo: dict[tuple, float] = {}
        self._stays_at: dict[tuple, float] = {}  # (enemy, weapon, distance): stays() next beat
        self._threat_counts: tuple | None = None
        self._walk: np.ndarray | None = None
        self._brawler: dict[int, bool] = {}
        self._postures: dict[tuple[int, int], str] = {}  # posture_after by (unit, beat), for units without an assumed plan
        self._enemy_tiles: list | None = None
        self._reach_next: dict[str, int] | None = None
        # The turn's plan (FateAI.decide): filled while scoring the first declaration,
        # given to the second.
        self.follow_ups: dict[tuple[int, int], tuple | None] = {}  # tile: its follow-up (enemy, weapon)
        self.aimed_shot: dict[int, str] = {}  # aim's target: the weapon of the aimed shot
        self.move_grounds: list | None = None  # (ground, move choice) of the moves scored exactly
        self.kept_moves: list | None = None  # second declaration: the first's move_grounds
        self.goal = self._goal()
        # How close to the goal it means to get: its fighting distance from a known enemy;
        # all the way to a place an enemy was last seen (or their deployment) to find one.
        self.wanted = (1 if self.prefers_melee else self.reach) if self.live_enemies else 0
        # Ground matters less to a unit that can already strike or shoot someone from here.
        self.ground_rate = GROUND_RATE_ENGAGED if decision.option("attack") is not None else GROUND_RATE

    @property
    def two_attacks(self) -> bool:
        """Some attack leaves a hand for another this turn (read only when aiming is on offer)."""
        if self._two_attacks is None:
            self._two_attacks = any(hand_attacks(self.battle, self.unit, [w]) for w in self._every)
        return self._two_attacks

    # --- reading plans -------------------------------------------------------------
    def plan(self, unit: int) -> list:
        if unit not in self._plans:
            self._plans[unit] = self.assumed.get(unit) or plan_of(self.battle, unit)
        return self._plans[unit]

    def where(self, unit: int, slot: int) -> tuple[int, int]:
        key = (unit, slot if slot < 2 else 2)
        tile = self._where.get(key)
        if tile is None:
            if unit in self.assumed:
                tile = self.battle.tile(unit)
                for d in self.assumed[unit]:
                    if d.slot <= key[1] and d.kind == "move":
                        tile = d.target
            else:
                tile = self._tile_after(self.battle, unit, key[1])
            self._where[key] = tile
        return tile

    def posture_of(self, unit: int, slot: int) -> str:
        if unit in self.assumed:
            p = posture(self.battle, unit)
            for d in self.assumed[unit]:
                if d.slot <= min(slot, 2):
                    p = POSTURES.get(d.kind, STANDING if d.kind == "move" and p == KNEELING else p)
            return p
        key = (unit, slot if slot < 2 else 2)
        found = self._postures.get(key)
        if found is None:
            found = self._postures[key] = self._posture_after(self.battle, unit, key[1])
        return found

    def posture_of_now(self, unit: int) -> str:
        """The unit's posture before this turn's actions (plans read as declared)."""
        key = (unit, 0)
        found = self._postures.get(key)
        if found is None:
            found = self._postures[key] = self._posture_after(self.battle, unit, 0)
        return found

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

    def profile_now(self, target: int, weapon_id: str) -> Any:
        """The profile of `situation(target, weapon_id)`, the Situation built only if the
        profile is not kept."""
        return self.ai.profile_of(self.battle, *self._now(target, weapon_id))

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

    # --- the side's attacks and their worth ----------------------------------------
    def side_attacks(self) -> dict[int, list]:
        """Outcome distributions of the attacks this side has declared this turn, by target."""
        if self._side_attacks is None:
            battle = self.battle
            out: dict[int, list] = {}
            for u in battle.units(self.team):
                for d in self.plan(u):
                    if d.kind != "attack" or self.weapons[d.weapon].effect != "wound":
                        continue
                    w = self.weapons[d.weapon]
                    profile = self.ai.profile_of(battle, u, d.target, d.weapon, self._tile_after(battle, u, d.slot - 1),
                                                 self._tile_after(battle, d.target, d.slot),
                                                 self._posture_after(battle, u, d.slot - 1),
                                                 self._posture_after(battle, d.target, d.slot),
                                                 charging=w.melee and charge_planned(battle, u, d.target, d.slot),
                                                 aimed=w.missile and aim_planned(battle, u, d.target, d.slot))
                    out.setdefault(d.target, []).append(self.ai.outcome(profile))
            self._side_attacks = out
        return self._side_attacks

    def stays(self, target: int, weapon: Any, slot: int, distance: int | None = None) -> float:
        """The chance the target is still there to be attacked when this attack comes.
        Slower units have declared (their planned tile is where they will be); a prone
        unit needs a move action to stand before it can move; a faster enemy moves first,
        and a shooter steps away from a blade more readily than a brawler does."""
        battle = self.battle
        if target in self.assumed:
            # A guess, not a declaration: mostly trusted, the rest as if unknown.
            return GUESS_TRUST + (1 - GUESS_TRUST) * self._stays_unknown(target, weapon, slot, distance)
        if self.declared(target) or not battle.active(target):
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
            brawler = self._brawler.get(target)
            if brawler is None:
                brawler = self._brawler[target] = not any(self.weapons[w].missile for w in _held(battle, target))
            return STAY_IN_MELEE["brawler" if brawler else "shooter"] - 0.1 * (beats - 1)
        if distance is None:
            distance = chebyshev(self.origin, battle.tile(target))
        return 0.97 if distance + MOVE_TILES * beats <= weapon.long_range else 0.8

    def attack_value(self, target: int, weapon_id: str, profile: Any, slot: int,
                     distance: int | None = None, stays: float | None = None) -> float:
        """What this attack (its `AttackProfile`) adds to the side's attacks on the target,
        times the chance the target is still there."""
        battle = self.battle
        if not battle.active(target):
            return 0.0  # finishing a helpless enemy does not change the fight
        w = self.weapons[weapon_id]
        if w.effect == "blind":
            flashed = any(self.weapons[d.weapon].effect == "blind" and d.target == target
                          for u in battle.units(self.team) for d in self.plan(u) if d.kind == "attack")
            value = 0.0 if flashed or is_blind(battle, target) else \
                BLIND_VALUE * fate_team.hit_chance(self.ai.outcome(profile))
        else:
            t = track(battle, target)
            boxes = (t.scratch, t.hurt, t.very_hurt, t.incapacitated)
            value = fate_team.gain(boxes, tuple(self.side_attacks().get(target, ())),
                                   self.ai.outcome(profile))
        value *= self.stays(target, w, slot, distance) if stays is None else stays
        if w.uses is not None:
            value -= 0.25  # a limited item is worth keeping for a better moment
        return value

    # --- ground --------------------------------------------------------------------
    def _goal(self) -> tuple[int, int]:
        """Where to head: the nearest known enemy, else the nearest last seen, else the
        middle of the enemy's deployment (the map is public)."""
        battle = self.battle
        if self.live_enemies:
            return self._nearest([self.where(e, self.slot) for e in self.live_enemies])
        live = {e: t for e, t in self.last_seen.items()
                if battle.active(e) and battle.team(e) != self.team}
        if live:
            return self._nearest(live.values())
        spawns = [(s.x, s.y) for s in battle.map.spawns if s.team != self.team]
        if not spawns:
            return self.origin
        return (sum(x for x, _ in spawns) // len(spawns), sum(y for _, y in spawns) // len(spawns))

    def _nearest(self, tiles: Any) -> tuple[int, int]:
        """The tile nearest this unit's, the smallest of those as near."""
        origin = self.origin
        return min((chebyshev(t, origin), t) for t in tiles)[1]

    def walk_grid(self) -> np.ndarray:
        """Walking distance to the goal (around water and walls, ignoring units), capped
        at three times the straight distance (a long way round is not worth walking)."""
        tmap, goal = self.battle.map, self.goal

        def compute():
            cost = distance_field(tmap, [goal]).astype(np.int64)
            far = int(cost[cost < UNREACHABLE].max(initial=0)) + 1
            cost[cost >= UNREACHABLE] = far
            return np.minimum(cost, 3 * fate_grid.chebyshev_grid(tmap, goal))
        if self._walk is None:
            self._walk = tmap.kept.get("fate-ai-walk", goal, compute)
        return self._walk

    def enemy_tiles(self) -> list[tuple[int, int]]:
        """Where each known enemy in the fight will be in this beat (as `live_enemies`)."""
        if self._enemy_tiles is None:
            self._enemy_tiles = [self.where(e, self.slot) for e in self.live_enemies]
        return self._enemy_tiles

    def enemy_in_reach(self, tile: tuple[int, int], dists: list[int] | None = None) -> bool:
        """Some known enemy is in sight within this unit's short range of `tile`. `dists`:
        the distances from `tile` to `enemy_tiles()`, when already known."""
        theres = self.enemy_tiles()
        if dists is None:
            dists = [chebyshev(tile, there) for there in theres]
        reach, view = self.reach, None
        for d, there in zip(dists, theres):
            if d <= reach:
                if view is None:
                    view = sight_from(self.battle, tile)
                if view[there]:
                    return True
        return False

    def spot_value(self, tile: tuple[int, int]) -> float:
        """How good it is to stand on `tile` after this action: closing on the goal, and
        exposure to enemy fire (exact cover from every enemy's planned tile)."""
        battle = self.battle
        value = -self.ground_rate * max(0, self.walk_grid().item(tile) - self.wanted)
        theres = self.enemy_tiles()
        x, y = tile
        dists = [max(x - tx, tx - x, y - ty, ty - y) for tx, ty in theres]  # chebyshev, written out
        in_reach = self.enemy_in_reach(tile, dists)
        if not self.prefers_melee and in_reach:
            value += 0.5
        if not in_reach and theres:
            value -= 0.05 * min(dists)
        for there, d in zip(theres, dists):
            if d > SHOT_RANGE:
                continue  # neither next to it nor within a shot: no exposure to read
            prot = protection(battle, there, tile)
            if prot.distance <= 1:
                value -= 0.0 if self.prefers_melee else 0.45
            elif prot.visible and not prot.blocked and prot.distance <= SHOT_RANGE:
                shield = COVER_VALUE[prot.cover] + COVER_VALUE[prot.concealment]
                value -= (0.1 if self.prefers_melee else 0.3) * max(0.0, 1.0 - shield)
        return value

    def follow_up_value(self, tile: tuple[int, int]) -> float:
        """The best attack (exact odds) this unit could make from `tile` in the next beat
        (kept with its target and weapon: the plan's second action)."""
        best, pick = 0.0, None
        reach_of = self.reach_next()
        for e in self.live_enemies:
            distance = chebyshev(tile, self.where(e, 2))
            for w in self.usable_next:
                if distance > reach_of[w]:
                    continue  # out of its reach: worth nothing (as `_attack_from` says)
                value = self._attack_from(tile, e, w)
                if value > best:
                    best, pick = value, (e, w)
        self.follow_ups[tile] = pick
        return best

    def reach_next(self) -> dict[str, int]:
        """How far each weapon usable next beat reaches (profile.in_reach: a blade 1 tile)."""
        if self._reach_next is None:
            self._reach_next = {w: 1 if self.weapons[w].melee else self.weapons[w].long_range
                                for w in self.usable_next}
        return self._reach_next

    def intent_after(self, choice: Choice) -> tuple | None:
        """What the unit plans for its second action, having declared `choice` first:
        ("do", the attack its move set up or its aim is for), ("moves", the moves scored
        here, by their ground: after an attack or a posture it stands where it stood), or
        nothing (a move that set up no attack: the second action is scored afresh)."""
        if choice.option == "move":
            pick = self.follow_ups.get(choice.target)
            return None if pick is None else ("do", Choice("attack", pick[0], (("with", pick[1]),)))
        if choice.option == "aim":
            w = self.aimed_shot.get(choice.target)
            return None if w is None else ("do", Choice("attack", choice.target, (("with", w),)))
        if self.move_grounds is None:
            return None
        return ("moves", self.move_grounds)

    def _attack_from(self, tile: tuple[int, int], e: int, w: str) -> float:
        key = (tile, e, w)
        if key not in self._attack_memo:
            self._attack_memo[key] = self._attack_from_uncached(tile, e, w)
        return self._attack_memo[key]

    def _attack_from_uncached(self, tile: tuple[int, int], e: int, w: str) -> float:
        wd = self.weapons[w]
        there = self.where(e, 2)
        distance = chebyshev(tile, there)  # as protection's own distance
        if not in_reach(wd, distance):
            return 0.0
        prot = protection(self.battle, tile, there)
        if wd.missile and prot.blocked:
            return 0.0
        charge = wd.melee and is_charge(self.origin, tile, there)
        stays = self._stays_at.get((e, w, distance))
        if stays is None:
            stays = self._stays_at[(e, w, distance)] = self.stays(e, wd, 2, distance)
        # Everything the attack's profile reads of the tile is in what it reads of the
        # line (profile.line_read) and the charge, and its worth adds only the chance the
        # target stays: tiles alike in all three share one valuation.
        line = line_read(wd, prot)
        key = (e, w, line, charge, stays)
        value = self._line_memo.get(key)
        if value is None:
            profile = self.ai.profile_of(self.battle, self.unit, e, w, tile, there, STANDING, self.posture_of(e, 2),
                                         charge, line=line)
            # Profiles alike in outcome (edge, damage, locating) share one valuation.
            vkey = (e, w, fate_team.outcome_source(profile), stays)
            value = self._value_memo.get(vkey)
            if value is None:
                value = self._value_memo[vkey] = self.attack_value(e, w, profile, 2, distance, stays)
            self._line_memo[key] = value
        return value

    def attack_screen(self, foes: list[int], tiles: np.ndarray, listed: list, rows: np.ndarray) -> np.ndarray:
        """The best attack on any of `foes` from each tile next beat (never below 0): exact
        for one tile of each kind (enemy, weapon, distance band, higher ground, charge),
        shared by its kind. `listed`: the same tiles as a list of (x, y). `rows`: the
        enemies' terrain rows (fate_grid.enemy_rows) at these tiles, one block per enemy,
        in the order of `foes`."""
        best = np.zeros(len(tiles))
        dist = rows[:, fate_grid.DIST]
        longest = max(self.reach_next().values(), default=0)
        near = (np.minimum.reduce(dist, axis=1) <= longest).tolist()
        if not any(near):
            return best  # no tile within any weapon's reach of any of them (as `ok` below)
        if not all(near):
            # The others have no tile in reach (`ok` is false for all of them): the rest
            # reads the near ones alone, in the same order.
            keep = [i for i, n in enumerate(near) if n]
            rows, foes = rows[keep], [foes[i] for i in keep]
            dist = rows[:, fate_grid.DIST]
        elev = rows[:, fate_grid.HIGHER]
        copied = False
        charging = []  # per enemy: a blade's move there is a charge (it starts 2+ tiles away)
        for i, e in enumerate(foes):
            there = self.where(e, 2)
            charging.append(chebyshev(self.origin, there) >= 2)
            if there != self.where(e, self.slot):
                if not copied:
                    elev, copied = elev.copy(), True
                # Its HIGHER row where it will be (the elevation alone: no whole rows for it).
                elev[i] = fate_grid.higher_grid(self.battle.map, there).ravel()[self._flat(tiles)]
        charge = seen = None  # worked out for the first blade, the first missile
        block = 12 * np.arange(len(foes))[:, None]  # each enemy's block of kinds (below)
        for w in self.usable_next:
            wd = self.weapons[w]
            if wd.melee:
                if charge is None:
                    moved = np.maximum.reduce(np.abs(tiles - self.origin), axis=1) >= 2
                    charge = np.logical_and.outer(charging, moved)
                ok = dist <= 1
                kind = 2 * elev + charge
            else:
                if seen is None:
                    seen = rows[:, fate_grid.SEEN] > 0
                ok = seen & (dist <= wd.long_range) & (dist > 0)
                kind = 4 + 4 * (dist > wd.short_range) + 2 * elev
            who, where = ok.nonzero()  # by enemy, then in the candidates' order
            if not len(where):
                continue
            # The first tile (in the candidates' order) of each kind is scored exactly, the
            # kinds taken in the order they first appear (list.index finds that tile).
            code = kind.astype(np.int64) + block
            codes, at, whom = code[who, where].tolist(), where.tolist(), who.tolist()
            values = np.zeros(12 * len(foes))
            for k in dict.fromkeys(codes):
                i = codes.index(k)
                values[k] = self._attack_from(listed[at[i]], foes[whom[i]], w)
            best = np.maximum(best, np.maximum.reduce(np.where(ok, values[code], 0.0), axis=0))
        return best

    def _flat(self, tiles: np.ndarray) -> np.ndarray:
        return tiles[:, 0] * self.battle.map.height + tiles[:, 1]

    # --- threats -------------------------------------------------------------------
    def threats(self) -> tuple[int, int, int, int]:
        """Attacks that may come at this unit in this beat or later: (missile, melee) ones
        slower enemies have declared, then (missile, melee) ones faster enemies, who have
        not declared yet, could make (they see it and it is in their reach). Kept: the
        posture options each ask."""
        if self._threat_counts is None:
            self._threat_counts = self._count_threats()
        return self._threat_counts

    def _count_threats(self) -> tuple[int, int, int, int]:
        declared = [0, 0]
        possible = [0, 0]
        for e in self.live_enemies:
            plan = self.plan(e)
            if plan:
                for d in plan:
                    if d.kind == "attack" and d.target == self.unit and d.slot >= self.slot:
                        declared[1 if self.weapons[d.weapon].melee else 0] += 1
                continue
            dist = chebyshev(self.battle.tile(e), self.origin)
            if dist <= 1:
                possible[1] += 1
            elif dist <= SHOT_RANGE and sight_from(self.battle, self.where(e, self.slot))[self.origin]:
                possible[0] += 1
        return declared[0], declared[1], possible[0], possible[1]


# The options without a target or parameters, as their `choice()` (immutable: made once).
_PLAIN = {key: Choice(key) for key in ("hold", "kneel", "prone", "stand")}


def _undominated(usable: list[str], weapons: Any) -> list[str]:
    """A fist is "especially blunt" (−1 damage): never better than a melee weapon in hand."""
    if any(weapons[w].melee and w != UNARMED for w in usable):
        return [w for w in usable if w != UNARMED]
    return usable


def _held(battle: Any, unit: int) -> list[str]:
    return hand_attacks(battle, unit, [])


def _pair(battle: Any, attacker: int, target: int) -> tuple:
    """What a profile reads of the two units (templates, and their state: `_as_attacker`,
    `_as_target`), kept for the decision (that state changes only when a turn resolves)."""
    return battle.memo(("fate-ai-pair", attacker, target), lambda: (
        battle.get(attacker, Fighter).template, battle.get(target, Fighter).template,
        _as_attacker(battle, attacker), _as_target(battle, target, attacker)))


def _as_attacker(battle: Any, unit: int) -> tuple:
    """What an attack profile reads of its attacker's state: the wound penalty and blindness."""
    return wound_penalty(battle.get(unit, WoundTrack)), is_blind(battle, unit)


def _as_target(battle: Any, unit: int, attacker: int) -> tuple:
    """What an attack profile reads of its target's state: a sneak attack by `attacker`,
    the wound penalty, out of the fight, helpless, blind, surprised."""
    t = battle.get(unit, WoundTrack)
    active = battle.active(unit)
    return (active and not saw_at_start(battle, unit, attacker), wound_penalty(t), t.out, active,
            is_blind(battle, unit), surprised_this_turn(battle, unit))


def make_ai(seed: int = 0, level: str = "normal"):
    """normal, or hard (fate_hard.py: normal plus the wounds it expects to take)."""
    if level == "hard":
        from game.ai.fate_hard import HardFate
        return HardFate(seed)
    return FateAI(seed, level)
