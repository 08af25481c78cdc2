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
  (declared, prone, out of the fight) is certain (fate_look.py);
- **moves** are screened all at once with numpy (fate_grid.py), the best few scored
  exactly: ground gained, exposure, cover (fate_ground.py), and the attack a
  first-action move sets up (fate_follow.py);
- **postures and aim**: kneel or drop prone against the shots it expects, aim when it
  has one shot to make and the target stays (fate_declare.py, its candidate actions).

One scorer for every level (game.ai.base): `hard` is the same candidates with the
terms of fate_hard.py switched on and a look-ahead at the faster enemies' declarations.
It has its own seeded random stream for ties and never touches the battle's dice. It
knows where enemies are only as its side has seen them. Scoring only reads.
"""

from __future__ import annotations

from typing import Any

from game.ai import fate_hard, fate_team
from game.ai.base import Level, ScoringAI, levels, pick_best
from game.ai.fate_declare import CANDIDATES, Scored
from game.ai.fate_look import Look
from game.engine.decisions import Choice, Decision
from game.rulesets.fate.attacks import Situation, attack_profile
from game.rulesets.fate.components import Fighter
from game.rulesets.fate.cover import protection
from game.rulesets.fate.plans import plan_of
from game.rulesets.fate.profile import line_read
from game.rulesets.fate.stats import is_blind, saw_at_start, surprised_this_turn
from game.rulesets.fate.wounds import WoundTrack, wound_penalty

NORMAL = Level("normal")
EASY_TEMPERATURE = 0.35  # score units: easy picks by softmax over normal's scores


class FateAI(ScoringAI):
    """The 4dF AI at one level: normal plans a unit's turn at its first declaration;
    hard (depth 1) scores each declaration afresh against its guesses at the faster
    enemies' declarations."""

    LEVELS = levels(NORMAL, fate_hard.HARD)
    CANDIDATES = CANDIDATES
    POINT_VALUE = 6.0  # a victory point: about an enemy taken out (fate_team.OUT_WORTH)

    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        super().__init__(seed, level)
        # The AI's own memory: where each enemy was last seen (Look), and each unit's
        # turn plan, (round, its first declaration, what it plans for the second).
        self.last_seen: dict[int, tuple[int, int]] = {}
        self.intents: dict[int, tuple] = {}

    @property
    def plans_turns(self) -> bool:
        """Normal plans a unit's turn at its first declaration (below); a level that
        looks ahead at the enemy's declarations scores each afresh (its guesses need
        the second's scoring)."""
        return self.profile.depth == 0

    # --- the level contract --------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        if not self.plans_turns:
            return pick_best(self.rng, self.scored_choices(battle, decision))
        slot = decision.context.get("slot", 1)
        if slot == 2:
            followed = self._follow(battle, decision)
            if followed is not None:
                return followed
        look = self.look(battle, decision, self.profile)
        if slot == 2:
            look.kept_moves = self._kept_moves(battle, decision)
        scored = self.scored(look)
        choice = pick_best(self.rng, scored)
        moves = decision.option("move")
        while choice.option == "move" and look.kept_moves is not None and choice.target not in moves.targets:
            # A kept move may be out of reach in the second beat (the units stand where the
            # first leaves them): asked only of the one picked, since working out the move
            # tiles is the costly part of the options.
            scored = [(s, c) for s, c in scored if c != choice]
            choice = pick_best(self.rng, scored)
        if slot == 1:
            self.intents[decision.actor] = (battle.round, choice, intent_after(look, choice))
        return choice

    def scored_choices(self, battle: Any, decision: Decision) -> Scored:
        """Every declaration considered, with its score (higher is better). Reads only."""
        if self.profile.depth == 0:
            return self.scored(self.look(battle, decision, self.profile))
        plain = self.look(battle, decision, NORMAL)
        samples = fate_hard.guess(self, battle, decision, plain)
        likeliest = {e: [max(s, key=lambda ws: ws[0])[1]] for e, s in samples.items()}
        look = self.look(battle, decision, self.profile, likeliest)
        look.samples, look.plain = samples, plain
        return self.scored(look)

    def look(self, battle: Any, decision: Decision, level: Level, assumed: dict | None = None) -> Look:
        """The decision's read-only view, scored with `level`'s terms."""
        return Look(self, battle, decision, level, assumed)

    def scored(self, look: Look) -> Scored:
        """The candidates' declarations for this view, in the candidates' order."""
        out: Scored = []
        for candidate in self.CANDIDATES:
            out += candidate(self, look)
        # A mission's candidates and terms (the base's, over the battle rather than a Look).
        for candidate in self.shared_candidates(look.battle, look.decision):
            out += candidate(self, look.battle, look.decision)
        return self.mission_terms(look.battle, look.decision, out)

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
        declaration is the one on record (else nothing: the plan is not this turn's).
        (An AI plays one battle: a plan of another round is stale.)"""
        kept = self.intents.get(decision.actor)
        if kept is None or kept[0] != battle.round:
            return None
        plan = plan_of(battle, decision.actor)
        if len(plan) != 1 or plan[0].kind != kept[1].option or plan[0].target != kept[1].target \
                or plan[0].weapon != kept[1].param("with"):
            return None
        return kept[2]

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

    # --- attacks' outcomes ---------------------------------------------------------
    def outcome_for(self, battle: Any, situation: Any) -> Any:
        """The wound distribution of an attack (fate_team.profile_outcome of its
        `attack_profile`): all the AI reads of a profile. Kept under a key of everything
        the profile's numbers depend on (`outcome_of`)."""
        s = situation
        return self.outcome_of(battle, s.attacker, s.target, s.weapon, s.origin, s.target_tile,
                               s.attacker_posture, s.target_posture, s.charging, s.aimed, s)

    def outcome_of(self, battle: Any, attacker: int, target: int, weapon: str, origin: tuple, target_tile: tuple,
                   attacker_posture: str, target_posture: str, charging: bool = False, aimed: bool = False,
                   situation: Any = None, line: tuple | None = None) -> Any:
        """`outcome_for` the Situation with these fields, built only when not kept. `line`:
        `line_read` of the line between the tiles, when the caller has it.

        The key: the two units' templates, weapon, postures, charge and aim, what the
        profile reads of the line between the two tiles (profile.line_read: lines alike in
        that share one outcome), a sneak attack, both wound penalties, blindness, a helpless
        or surprised defender. Kept with the ruleset's data (its table "fate-ai-profiles"),
        shared by the battles that play it."""
        data = battle.ruleset.data
        if line is None:
            # What attack_profile reads of the line (profile.line_read): the AI reads a
            # profile's numbers only (its outcome), never its distance or situation.
            line = line_read(data.weapons[weapon], protection(battle, origin, target_tile))
        asked = (weapon, attacker_posture, target_posture, charging, aimed, line)  # and the two units

        def compute():
            s = situation if situation is not None else Situation(
                attacker, target, weapon, origin, target_tile, attacker_posture, target_posture,
                charging=charging, aimed=aimed)
            return fate_team.profile_outcome(attack_profile(battle, s))
        return data.kept.get("fate-ai-profiles", asked + (_pair(battle, attacker, target),), compute)


def intent_after(look: Look, choice: Choice) -> tuple | None:
    """What the unit plans for its second action, having declared `choice` first:
    ("do", the attack its move set up or its aim is for), ("moves", the moves scored
    here, by their ground: after an attack or a posture it stands where it stood), or
    nothing (a move that set up no attack: the second action is scored afresh)."""
    if choice.option == "move":
        pick = look.follow_ups.get(choice.target)
        return None if pick is None else ("do", Choice("attack", pick[0], (("with", pick[1]),)))
    if choice.option == "aim":
        w = look.aimed_shot.get(choice.target)
        return None if w is None else ("do", Choice("attack", choice.target, (("with", w),)))
    if look.move_grounds is None:
        return None
    return ("moves", look.move_grounds)


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


LEVELS = tuple(FateAI.LEVELS)  # the levels this module builds (game.ai.levels)


def make_ai(seed: int = 0, level: str = "normal") -> FateAI:
    """normal, or hard (normal's scorer with fate_hard.py's terms and look-ahead)."""
    return FateAI(seed, level)
