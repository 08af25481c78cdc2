"""What a Mahou unit may do right now: the options of its turn Decision.

Every legality rule is checked here once; the Battle refuses any choice outside
these options, so actions.py may assume a choice is legal. What each option costs
is worked out by `cost_of`, which both the options (can it be paid?) and the
actions (pay it) read.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine.decisions import TARGET_TILE, TARGET_UNIT, Choice, Option
from game.rulesets.mahou import grapples, moving, talk
from game.rulesets.mahou.attacks import distance_ft, sight_penalty
from game.rulesets.mahou.components import (ESCAPE, MOVE, OFFHAND, PRIMARY, SPEAK, Actions,
                                            DroppedItem, HoldUpkeep, Loadout)
from game.rulesets.mahou.data import STANCES
from game.rulesets.mahou.defences import BOTH, options as defence_options
from game.rulesets.mahou.economy import hand_choices, usable
from game.rulesets.mahou.stats import (empty_hands, fist_weapon, free_hands, grapple_ready,
                                       held_weapons, is_fallen, stat)

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.rulesets.mahou.components import Pool

Tile = tuple[int, int]
GRAPPLE_SKILLS = ("gym", "martial_arts")
KICK_STANCES = ("strong", "fast")  # Strength is Strong, Agility is Fast
KICK_MIN_MOVES = 4


def enemies(battle: "Battle", unit: int) -> list[int]:
    team = battle.team(unit)
    return [u for u in battle.units(active_only=True) if battle.team(u) != team]


def strikeable(battle: "Battle", unit: int) -> list[int]:
    """Whom a blow may be aimed at: active enemies, and also unconscious ones (rule
    text: "If the attacking character is attacking a target with that is not
    conscious ... they must roll a 5 or higher"). Grapples, talk and the rest need a
    foe still in the fight."""
    team = battle.team(unit)
    return [u for u in battle.units() if battle.team(u) != team]


def within(battle: "Battle", a: int, b: int, feet: int) -> bool:
    return distance_ft(battle, a, b) <= feet and sight_penalty(battle, a, b) is not None


def hand_param(battle: "Battle", pool: "Pool", hands_needed: int) -> tuple[str, ...]:
    if hands_needed == 2:
        return (BOTH,) if pool.primary and pool.offhand else ()
    return hand_choices(pool)


def hands_of(value: str) -> tuple[str, ...]:
    return (PRIMARY, OFFHAND) if value == BOTH else (value,)


# --- attacks ------------------------------------------------------------------------------------
def weapon_targets(battle: "Battle", unit: int, weapon) -> tuple[int, ...]:
    """Whom the weapon can strike now (kept while a decision is pending)."""
    return battle.memo(("mahou-weapon-targets", unit, weapon.id),
                       lambda: _weapon_targets(battle, unit, weapon))


def _weapon_targets(battle: "Battle", unit: int, weapon) -> tuple[int, ...]:
    return tuple(e for e in strikeable(battle, unit) if reaches(battle, unit, weapon, e))


def reaches(battle: "Battle", unit: int, weapon, target: int) -> bool:
    """Whether the weapon can strike `target` now: a ranged one anything in sight, any
    other what stands within its reach and in sight."""
    if weapon.ranged:
        return sight_penalty(battle, unit, target) is not None
    return within(battle, unit, target, weapon.reach_ft)


def attack_options(battle: "Battle", unit: int, pool: "Pool") -> list[Option]:
    out = []
    letters = iter("as")
    for weapon in held_weapons(battle, unit):
        if weapon.fist:
            continue  # a fist weapon strikes through the "Punch" option
        hands = hand_param(battle, pool, weapon.hands)
        targets = weapon_targets(battle, unit, weapon)
        if not hands or not targets:
            continue
        reach = f"range {weapon.range_ft} ft (−1 per increment beyond)" if weapon.ranged \
            else f"reach {weapon.reach_ft} ft"
        out.append(Option(f"attack_{weapon.id}", f"Attack ({weapon.name})",
                          "both hand actions" if weapon.hands == 2 else "1 hand action",
                          TARGET_UNIT, targets,
                          params={"stance": weapon.stances, "skill": weapon.skills, "hand": hands},
                          hotkey=next(letters, "a"), offensive=True,
                          description=f"{weapon.damage} damage, {reach}. Skill dice of the stance's "
                                      "stat (Strong: Str, Fast: Agi, Precise: Acc), highest kept."))
    if free_hands(battle, unit):
        fist = fist_weapon(battle, unit)
        hands = hand_param(battle, pool, 1)
        targets = weapon_targets(battle, unit, fist)
        if hands and targets:
            out.append(Option("punch", f"Punch ({fist.name})", "1 hand action", TARGET_UNIT, targets,
                              params={"stance": fist.stances, "skill": fist.skills, "hand": hands},
                              hotkey="f", offensive=True,
                              description=f"{fist.damage} damage, 5 ft. Gym or Martial Arts."))
    return out


def grapple_option(battle: "Battle", unit: int, pool: "Pool") -> Option | None:
    hands = hand_param(battle, pool, 1)
    if not hands or not grapple_ready(battle, unit) or not free_hands(battle, unit):
        return None
    mine = {h.held for _, h in grapples.holds_of(battle, unit)}
    targets = tuple(e for e in enemies(battle, unit) if e not in mine and within(battle, unit, e, 5))
    if not targets:
        return None
    return Option("grapple", "Grapple", "1 hand action", TARGET_UNIT, targets,
                  params={"stance": STANCES, "skill": GRAPPLE_SKILLS, "hand": hands}, hotkey="g",
                  offensive=True,
                  description="An attack from any stance (+2 if its hands are spent, +2 if its "
                              "moves are); the roll becomes the Hold Difficulty. Strong keeps its "
                              "speech, Fast its moves, Precise its offhand.")


def kick_option(battle: "Battle", unit: int, pool: "Pool") -> Option | None:
    if pool.move < KICK_MIN_MOVES or is_fallen(battle, unit):
        return None
    targets = tuple(e for e in strikeable(battle, unit) if within(battle, unit, e, 5))
    if not targets:
        return None
    return Option("kick", "Kick", f"all {pool.move} move actions", TARGET_UNIT, targets,
                  params={"stance": KICK_STANCES, "skill": GRAPPLE_SKILLS}, hotkey="k",
                  offensive=True,
                  description="Gym or Martial Arts with Strength (Strong) or Agility (Fast); 1dStr; "
                              "no attack bonuses.")


# --- movement -------------------------------------------------------------------------------
def move_options(battle: "Battle", unit: int, pool: "Pool") -> list[Option]:
    out: list[Option] = []
    held = grapples.is_held(battle, unit)
    holding = bool(grapples.holds_of(battle, unit))
    if is_fallen(battle, unit):
        if pool.move >= 1:
            a = battle.get(unit, Actions)
            need = moving.stand_cost(battle, unit) - a.stand_paid
            out.append(Option("stand", "Stand up", f"{min(need, pool.move)} move actions",
                              hotkey="u", description=f"20 ft of movement to rise ({need} moves left "
                                                      "to pay); until then moves serve nothing else."))
        return out
    if held or holding:
        # [PROP] a held character cannot walk away; it must escape first. Under a Fast
        # grapple it keeps its moves (rule text) and may move the pair, as a holder may.
        tiles = grapples.drag_tiles(battle, unit, pool.move) if pool.move else []
        if tiles:
            label = "Drag your foe" if holding else "Drag your grappler"
            out.append(Option("drag", label, "move actions (tile cost)", TARGET_TILE,
                              tuple(tiles), hotkey="m",
                              description="Step aside pulling the other of the pair into your "
                                          "place (needs Strength at least its own)."))
        return out
    occupied = moving.blocked_tiles(battle, unit)  # read once for the walk and the jump
    if pool.move >= 1:
        tiles = moving.move_tiles(battle, unit, occupied)
        if tiles:
            out.append(Option("move", "Move", "1 move action per 5 ft (difficult ground more)",
                              TARGET_TILE, tiles, hotkey="m",
                              description=f"{pool.move} move actions left; a tile's move cost is "
                                          "the move actions it takes."))
    if moving.can_jump(battle, unit):
        targets = moving.jump_targets(battle, unit, occupied)
        if targets:
            kinds = ("standing", "running", "long")
            out.append(Option("jump", "Jump", "4 move actions", TARGET_TILE, tuple(sorted(targets)),
                              params={"kind": kinds, "skill": GRAPPLE_SKILLS},
                              param_limits={t: {"kind": k} for t, k in targets.items()},
                              hotkey="j", offensive=True,
                              description="Standing: Str ft across, Str/2 up. After 2 moves running "
                                          "that way: double. Long (4 straight moves): roll 11+ "
                                          "Gym/Martial Arts on Agility or land short and fallen."))
    return out


# --- talk -------------------------------------------------------------------------------------
def talk_options(battle: "Battle", unit: int, pool: "Pool") -> list[Option]:
    if pool.speak < 1:
        return []
    out = []
    targets = tuple(e for e in enemies(battle, unit) if within(battle, unit, e, talk.EARSHOT_FT))
    if targets:
        limits = {e: {"kind": tuple(k for k in talk.KINDS if k != talk.INFATUATE
                                    or talk.attracted(battle, unit, e))} for e in targets}
        out.append(Option("distract", "Distract", "speak action", TARGET_UNIT, targets,
                          params={"kind": (talk.GENERAL, talk.INFURIATE, talk.INTIMIDATE,
                                           talk.INFATUATE)},
                          param_limits=limits, hotkey="t", offensive=True,
                          description="General: Personality die −2 vs its Intelligence die. "
                                      "Infatuate / Infuriate / Intimidate: non-skilled Personality −4 "
                                      "vs its non-skilled Intelligence; 10+ smites, enrages, terrifies."))
    baitable, commandable = [], []
    for e in enemies(battle, unit):
        st = talk.state(battle, e)
        if st and st[1] == unit:
            (baitable if st[0] == "enraged" else commandable).append(e)
    if baitable:
        out.append(Option("bait", "Bait", "speak action", TARGET_UNIT, tuple(baitable),
                          params={"stance": STANCES}, hotkey="i",
                          description="Goad the enraged foe into one stance: it is penalised for "
                                      "anything else."))
    if commandable:
        out.append(Option("demand", "Make a demand", "speak action", TARGET_UNIT, tuple(commandable),
                          params={"demand": talk.DEMANDS}, hotkey="n",
                          description="Tell the terrified or smitten foe what to do: back off, drop "
                                      "its weapon, or get down."))
    return out


# --- items -----------------------------------------------------------------------------------
def item_options(battle: "Battle", unit: int, pool: "Pool") -> list[Option]:
    out = []
    lo = battle.get(unit, Loadout)
    weapons = battle.ruleset.data.weapons
    hands = hand_choices(pool)
    empty = empty_hands(battle, unit)
    if hands:
        drawable = tuple(w for w in lo.carried if weapons[w].hands <= empty)
        if drawable:
            out.append(Option("draw", "Draw a weapon", "1 hand action", params={"weapon": drawable},
                              hotkey="w", description="Take a carried weapon into your hand(s)."))
        stowable = tuple(dict.fromkeys(w.id for w in held_weapons(battle, unit) if not w.fist))
        if stowable:
            out.append(Option("stow", "Put a weapon away", "1 hand action", params={"weapon": stowable},
                              hotkey="q", description="Free the hand (to grapple, or block bare-handed)."))
        here = battle.tile(unit)
        items = tuple(e for e, d in battle.query(DroppedItem)
                      if distance_ft(battle, unit, e) <= 5 and _fits(battle, unit, d.item, empty))
        if items:
            out.append(Option("pick_up", "Pick up", "1 hand action", params={"item": items},
                              hotkey="y", description="Pick up a dropped weapon, shield or armour "
                                                      f"within 5 ft of {here}."))
    droppable = tuple(dict.fromkeys(s for s in (lo.main, lo.off) if s and not (
        s in weapons and weapons[s].fist)))
    if droppable:
        out.append(Option("drop", "Drop an item", "free", params={"item": droppable}, hotkey="z",
                          description="Let go of a held weapon or shield."))
    if not is_fallen(battle, unit) and not grapples.is_held(battle, unit):
        out.append(GET_DOWN)
    return out


GET_DOWN = Option("get_down", "Get down", "free", hotkey="l",
                  description="Drop to the ground (fallen: 20 ft of movement to rise).")


def _fits(battle: "Battle", unit: int, item: str, empty: int) -> bool:
    data = battle.ruleset.data
    if item in data.armour:
        return battle.get(unit, Loadout).armour is None
    need = data.weapons[item].hands if item in data.weapons else 1
    return empty >= need


# --- grapples ------------------------------------------------------------------------------------
def holder_options(battle: "Battle", unit: int, pool: "Pool") -> list[Option]:
    victims = tuple(h.held for _, h in grapples.holds_of(battle, unit))
    if not victims:
        return []
    out: list[Option] = []
    hands = hand_choices(pool)
    up = battle.get(unit, HoldUpkeep)
    if hands:
        if not up.done:
            out.append(Option("maintain", "Keep up the hold", "1 hand action", params={"hand": hands},
                              hotkey="c", description="A hand action each full turn keeps the hold."))
        if pool.primary and (up.done or pool.offhand):
            cost = "primary hand action" if up.done else "primary + offhand actions"
            out.append(Option("reinforce", "Reinforce the hold", cost, TARGET_UNIT, victims,
                              params={"skill": GRAPPLE_SKILLS}, hotkey="x",
                              description="A new grapple roll; if higher it becomes the Hold Difficulty."))
        out.append(Option("pin", "Pin", "1 hand action", TARGET_UNIT, victims,
                          params={"follow": ("go_prone", "release"), "hand": hands}, hotkey="p",
                          description="It falls. Go prone with it (it stays held and is helpless) "
                                      "or let it go."))
        slammable = tuple(v for v in victims if grapples.can_push(battle, unit, v)
                          and grapples.hazards_by(battle, v))
        if slammable:
            out.append(Option("slam", "Slam into a hazard", "1 hand action", TARGET_UNIT, slammable,
                              params={"then": ("release", "hold_on"), "hand": hands}, hotkey="b",
                              description="Double the hazard's damage to it; let go or take half.",
                              offensive=True))
        out.append(Option("throw", "Throw", "1 hand action", TARGET_UNIT, victims,
                          params={"skill": GRAPPLE_SKILLS, "hand": hands}, hotkey="o", offensive=True,
                          description="Strength with Gym or Martial Arts vs its Defense: 10 ft "
                                      "+10 per 5 over; it lands fallen."))
    if pool.primary:
        limits = {v: {"what": tuple(grapples.pull_targets(battle, v))} for v in victims}
        pullable = tuple(v for v in victims if limits[v]["what"])
        if pullable:
            out.append(Option("pull", "Pull something off", "primary hand action", TARGET_UNIT,
                              pullable, params={"what": ("weapon", "shield", "armour"),
                                                "stance": STANCES, "skill": GRAPPLE_SKILLS},
                              param_limits={v: limits[v] for v in pullable}, hotkey="l",
                              offensive=True,
                              description="An attack less how secured it is (−5 per hand holding "
                                          "it; armour harder)."))
    out.append(Option("release", "Let go", "free", hotkey="v", description="End your holds."))
    return out


def escape_option(battle: "Battle", unit: int, pool: "Pool") -> Option | None:
    holders = tuple(h.holder for _, h in grapples.holds_on(battle, unit))
    if pool.escape < 1 or not holders:
        return None
    return Option("escape", "Escape", "escape action", TARGET_UNIT, holders,
                  params={"stat": tuple(grapples.ESCAPE_STATS), "skill": grapples.ESCAPE_SKILLS},
                  hotkey="x", offensive=True,
                  description="Strength, Agility or Intelligence with Martial Arts or Home Ec vs "
                              "the Hold Difficulty; each attempt lowers it by 2.")


END = Option("end_turn", "End turn", "", hotkey="e",
             description="Unspent actions remain for active and spot defences this round.")
HOLD = Option("hold", "Hold your actions", "", hotkey="h",
              description="Keep the rest to use at any moment before your next full turn.")


def turn_options(battle: "Battle", unit: int) -> tuple[Option, ...]:
    pool = usable(battle, unit)
    opts: list[Option | None] = []
    opts += attack_options(battle, unit, pool)
    opts.append(grapple_option(battle, unit, pool))
    opts.append(escape_option(battle, unit, pool))
    opts += holder_options(battle, unit, pool)
    opts.append(kick_option(battle, unit, pool))
    opts += move_options(battle, unit, pool)
    opts += defence_options(battle, unit, pool, spot=False, active=True)
    opts += talk_options(battle, unit, pool)
    opts += item_options(battle, unit, pool)
    opts = [o for o in opts if o is not None]
    if pool.total() > 0:
        opts.append(HOLD)
    opts.append(END)
    return unique_hotkeys(opts)


def unique_hotkeys(opts: list[Option]) -> tuple[Option, ...]:
    """Keep each option's preferred hotkey when free, else the first free letter of
    its label, else any free letter: hotkeys must be unique within a decision."""
    used: set[str] = set()
    out = []
    for o in opts:
        key = o.hotkey
        if not key or key in used:
            letters = [c for c in o.label.lower() if c.isalpha()] + list("abcdefghijklmnopqrstuvwxyz")
            key = next((c for c in letters if c not in used), "")
        used.add(key)
        out.append(o if key == o.hotkey else replace(o, hotkey=key))
    return tuple(out)


# --- costs ------------------------------------------------------------------------------------------
def cost_of(battle: "Battle", unit: int, choice: Choice) -> dict[str, int]:
    """What the choice spends (the option is legal, so the pool can pay it)."""
    key = choice.option
    pool = usable(battle, unit)

    def hands(value: str) -> dict[str, int]:
        return {h: 1 for h in hands_of(value)}

    if key.startswith("attack_") or key in ("punch", "grapple", "pin", "slam", "throw",
                                             "active_block", "active_parry", "maintain"):
        return hands(choice.param("hand"))
    if key == "kick":
        return {MOVE: pool.move}
    if key == "move":
        return {MOVE: int(moving.move_reach(battle, unit).cost[choice.target])}
    if key == "drag":
        return {MOVE: int(battle.map.move_cost[choice.target])}
    if key == "jump":
        return {MOVE: moving.JUMP_MOVES}
    if key == "stand":
        need = moving.stand_cost(battle, unit) - battle.get(unit, Actions).stand_paid
        return {MOVE: min(need, pool.move)}
    if key == "active_dodge":
        return {MOVE: stat(battle, unit, "agility")}
    if key in ("distract", "bait", "demand"):
        return {SPEAK: 1}
    if key in ("draw", "stow", "pick_up"):
        return {hand_choices(pool)[0]: 1}
    if key == "pull":
        return {PRIMARY: 1}
    if key == "reinforce":
        return {PRIMARY: 1} if battle.get(unit, HoldUpkeep).done else {PRIMARY: 1, OFFHAND: 1}
    if key == "escape":
        return {ESCAPE: 1}
    return {}  # drop, get down, release, hold, end turn: free
