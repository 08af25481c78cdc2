"""What a character may do right now on its Turn: the options of its Decision.

Every legality rule is checked here once: one Offensive, one Movement and one Verbal
action per Turn, Bonus Actions whose conditions hold, every cost affordable ("If the
action would reduce the character's Current Speed Points or Current Strength Points to
below 0, then the user cannot perform the action"), every target in Range. The Battle
refuses any choice outside these options, so actions.py may assume a choice is legal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game import kept
from game.engine.decisions import TARGET_NONE, TARGET_TILE, TARGET_UNIT, Option
from game.world.sight import line_of_fire
from game.rulesets.actionblock import charisma, grappling
from game.rulesets.actionblock.attacks import MELEE_ACTIONS, range_band
from game.rulesets.actionblock.components import (Casting, Conditions, Ghost, Health,
                                                  LastActivation, Loadout, Points, Stance,
                                                  TurnState)
from game.rulesets.actionblock.costs import affordable, can_afford, cost_of, cost_text
from game.rulesets.actionblock.movement import (DIRECTIONS, MOVE_FEET, NAMES, charge_tiles,
                                                direction_to, ray_key, rays, standing_key, straight_tiles,
                                                teleport_tiles)
from game.rulesets.actionblock.reactions import BLOCKS, block_options, shield_available
from game.rulesets.actionblock.spells import (cast_strength_cost, speed_modifier_labels, spell_of,
                                              spell_targets)
from game.rulesets.actionblock.stats import (RESTORE_BASE, distance_ft, grappling_item, gun_items,
                                             in_melee_reach, items, melee_items, opponents, template,
                                             weapon_of)

if TYPE_CHECKING:
    from game.engine.battle import Battle

HEALING_WORD_RANGE_FT = 30
COMBO_AFTER = ("melee", "combo")  # [PROP] chains allowed (digest 3.12)


# --- targets -------------------------------------------------------------------------------
def enemies(battle: "Battle", unit: int, include_down: bool = True) -> list[int]:
    """Enemies that can be attacked: not Dead, not lost track of (Stealth); without
    `include_down`, not Unconscious either. Kept while a decision is pending (the
    options and the AI ask it many times: `battle.memo`). While the rules build a
    Turn's options nothing is kept: a scope kept for one `turn_options` call cost more
    instructions than it saved."""
    return list(battle.memo(("ab_enemies", unit, include_down), lambda: _enemies(battle, unit, include_down)))


def _enemies(battle: "Battle", unit: int, include_down: bool) -> list[int]:
    out = []
    for u in opponents(battle, unit):
        health = battle.get(u, Health)
        if health.dead or (health.unconscious and not include_down) or charisma.hidden_from(battle, unit, u):
            continue
        out.append(u)
    return out


def nearest_enemy(battle: "Battle", unit: int) -> int | None:
    """The nearest standing enemy (the lowest id among equals), kept as `enemies` is."""
    return battle.memo(("ab_nearest_enemy", unit), lambda: _nearest_enemy(battle, unit))


def _nearest_enemy(battle: "Battle", unit: int) -> int | None:
    hx, hy = battle.tile(unit)
    best = None  # (tiles away, unit): the nearest, the lowest id among equals
    for u in enemies(battle, unit, include_down=False):
        x, y = battle.tile(u)
        found = (max(abs(x - hx), abs(y - hy)), u)
        if best is None or found < best:
            best = found
    return None if best is None else best[1]


def apply_taunt(battle: "Battle", unit: int, targets: list[int]) -> list[int]:
    """Taunted [PROP]: if the taunter is a legal target, it is the only one."""
    taunter = battle.get(unit, Conditions).taunted_by
    if taunter is not None and taunter in targets:
        return [taunter]
    return targets


def gun_in_reach(battle: "Battle", unit: int, item: str, target: int) -> bool:
    """In the gun's Range, in sight, no wall between ([PROP] guns need line of sight)."""
    weapon = weapon_of(battle, unit, item)
    (ax, ay), (bx, by) = here, there = battle.tile(unit), battle.tile(target)
    if range_band(weapon, max(abs(ax - bx), abs(ay - by)) * battle.map.feet_per_tile) is None:  # `distance_ft`
        return False
    lof = line_of_fire(battle.map, here, there)
    return lof.visible and not lof.blocked


def loaded(battle: "Battle", unit: int, item: str) -> int:
    return battle.get(unit, Loadout).loaded.get(item, 0)


def weapon_names(battle: "Battle", unit: int, keys) -> str:
    return ", ".join(weapon_of(battle, unit, k).name for k in keys)


# --- Offensive Actions --------------------------------------------------------------------
def melee_option(battle: "Battle", unit: int, key: str, label: str, hotkey: str,
                 foes: list[int] | None = None) -> Option | None:
    """`foes`: the unit's `enemies`, when the caller has them already."""
    if not can_afford(battle, unit, key):
        return None
    weapons = melee_items(battle, unit)
    foes = enemies(battle, unit) if foes is None else foes
    targets = apply_taunt(battle, unit, in_melee_reach(battle, unit, foes))
    if not targets or not weapons:
        return None
    charged = battle.get(unit, TurnState).charge
    # Attack Modifier: every enemy in Melee Range, separate rolls, no Charge bonus.
    spinning = key in ("melee", "combo") and "spinning_strike" in template(battle, unit).abilities
    return same_option(battle, (key, label, hotkey, tuple(targets), tuple(weapons), charged, spinning),
                       _melee_option, battle, key, label, hotkey, tuple(targets), tuple(weapons),
                       charged, spinning)


def _melee_option(battle: "Battle", key: str, label: str, hotkey: str, targets: tuple, weapons: tuple,
                  charged: int, spinning: bool) -> Option:
    extra = ""
    if charged:
        extra = f" Charged: + {'' if charged == 1 else '2 × '}weapon weight to damage."
    params = {"weapon": weapons}
    if spinning:
        params["modifier"] = ("none", "spinning_strike")
    return Option(key, label, cost_text(battle, key), TARGET_UNIT, targets,
                  params=params, hotkey=hotkey, offensive=True,
                  description="2d6 + To Hit Bonus ≥ Evasion hits; a 12 on the dice is a Critical "
                              "Hit (every damage term doubled)." + extra
                              + (" Spinning Strike: every enemy in reach, each rolled separately, "
                                 "no Charge bonus." if spinning else ""))


def same_option(battle: "Battle", key: tuple, build, *args) -> Option:
    """An option that depends only on `key` (its option key first), kept for the
    battle: the same options are offered decision after decision, so each is built once
    (options are never changed once built). `build(*args)` makes it, or `build()`."""
    return battle.kept.get("actionblock-same-options", key, (lambda: build(*args)) if args else build)


def gun_option(battle: "Battle", unit: int, key: str, label: str, hotkey: str,
               only: str | None = None, reach: dict | None = None) -> Option | None:
    """`reach`: the enemies (key "foes") and (gun, enemy) → in reach, shared by the Gun
    and Aimed Attack options of one Turn's decision."""
    if not can_afford(battle, unit, key.replace("second_", "")):
        return None
    guns = [g for g in gun_items(battle, unit) if loaded(battle, unit, g) > 0 and (only is None or g == only)]
    if not guns:
        return None
    reach = {} if reach is None else reach
    targets, limits = [], {}
    for e in reach.get("foes") or enemies(battle, unit):
        ok = tuple(g for g in guns if _in_reach(battle, unit, g, e, reach))
        if ok:
            targets.append(e)
            limits[e] = {"weapon": ok}
    targets = apply_taunt(battle, unit, targets)
    if not targets:
        return None
    desc = "2d6 (1d6 per shotgun bullet) + To Hit Bonus ≥ Evasion."
    if "aimed" in key:
        desc += " +3 to hit."
    return Option(key, label, cost_text(battle, key.replace("second_", "")), TARGET_UNIT, tuple(targets),
                  params={"weapon": tuple(guns)},
                  param_limits={t: limits[t] for t in targets}, hotkey=hotkey, offensive=True,
                  description=desc)


def _in_reach(battle: "Battle", unit: int, gun: str, target: int, memo: dict) -> bool:
    key = (gun, target)
    if key not in memo:
        memo[key] = gun_in_reach(battle, unit, gun, target)
    return memo[key]


def grapple_options(battle: "Battle", unit: int) -> list[Option]:
    out = []
    holding = grappling.holding(battle, unit)
    held_by = grappling.held_by(battle, unit)
    if holding and can_afford(battle, unit, "grapple_attack"):
        w = weapon_of(battle, unit, _grapple_item(battle, unit))
        out.append(Option("grapple_attack", "Grapple Attack", cost_text(battle, "grapple_attack"),
                          TARGET_UNIT, tuple(holding), hotkey="k", offensive=True,
                          description=f"Hits automatically: {w.grapple_damage} damage − PDR, "
                                      f"−{w.grapple_speed_damage} Current Speed."))
    if held_by and can_afford(battle, unit, "break_grapple"):
        out.append(Option("break_grapple", "Break Grapple", cost_text(battle, "break_grapple"),
                          TARGET_UNIT, tuple(held_by), hotkey="x", offensive=True,
                          description="2d6 + Max Grapple Strength against your grappler's; higher wins."))
    if not holding and not held_by and can_afford(battle, unit, "grapple"):
        # [PROP] one grapple at a time on each side.
        targets = [e for e in in_melee_reach(battle, unit, enemies(battle, unit, include_down=False))
                   if not grappling.grappled(battle, e)]
        targets = apply_taunt(battle, unit, targets)
        if targets:
            out.append(Option("grapple", "Initiate Grapple", cost_text(battle, "grapple"), TARGET_UNIT,
                              tuple(targets), hotkey="j", offensive=True,
                              description="2d6 + grapple To Hit ≥ Evasion: you Grapple, it is Grappled."))
    return out


def _grapple_item(battle: "Battle", unit: int) -> str:
    return grappling_item(battle, unit)


def upkeep_offensive(battle: "Battle", unit: int) -> list[Option]:
    out = []
    reloadable = tuple(g for g in gun_items(battle, unit)
                       if loaded(battle, unit, g) < (weapon_of(battle, unit, g).ammo or 0))
    if reloadable and can_afford(battle, unit, "reload"):
        out.append(same_option(battle, ("reload", reloadable), lambda: Option(
            "reload", "Reload", cost_text(battle, "reload"), params={"weapon": reloadable},
            hotkey="l", description="Reload a gun to full ammo.")))
    points = battle.get(unit, Points)
    if points.strength < points.max_strength and may_restore(battle, unit, "strength"):
        amount, most = restore_amount(battle, unit, "strength"), points.max_strength
        out.append(same_option(battle, ("restore_strength", amount, most), lambda: Option(
            "restore_strength", "Restore Strength Points", cost_text(battle, "restore_strength"),
            hotkey="r", description=f"+{amount} Current Strength Points (up to {most}).")))
    casting = battle.try_get(unit, Casting)
    if casting is not None and casting.remaining > 0:
        remaining = casting.remaining
        out.append(same_option(battle, ("channel", remaining), lambda: Option(
            "channel", "Channel Spell", cost_text(battle, "channel"), hotkey="h",
            description=f"Remaining Spell Cast Time {remaining} → {remaining - 1}.")))
    return out


def may_restore(battle: "Battle", unit: int, which: str) -> bool:
    """[PROP] house rule: a Restore of one kind (Strength or Speed) not in two Action
    Blocks running, so that restoring every block cannot outpace a whole side's attacks
    (a lone blocker would soak forever; docs/rulesets/actionblock.md)."""
    return battle.get(unit, TurnState).restored.get(which, -9) < battle.round - 1


def restore_amount(battle: "Battle", unit: int, which: str) -> int:
    return RESTORE_BASE + template(battle, unit).talent(f"restore_{which}_boost")


def offensive_options(battle: "Battle", unit: int) -> list[Option]:
    ts = battle.get(unit, TurnState)
    foes = enemies(battle, unit)
    out = [melee_option(battle, unit, "melee", "Melee Attack", "a", foes)]
    if ts.offensive_by_block.get(battle.round - 1) in COMBO_AFTER:
        out.append(melee_option(battle, unit, "combo", "Melee Combo Attack", "c", foes))
    reach: dict = {"foes": foes}  # Gun and Aimed Attack reach the same enemies
    out += [gun_option(battle, unit, "gun", "Gun Attack", "g", reach=reach),
            gun_option(battle, unit, "aimed", "Aimed Attack", "i", reach=reach)]
    out += grapple_options(battle, unit)
    out += upkeep_offensive(battle, unit)
    return [o for o in out if o is not None]


# --- Movement Actions ---------------------------------------------------------------------
FACINGS = tuple(DIRECTIONS)


def facing_choices(battle: "Battle", unit: int) -> tuple[str, ...]:
    """"moved" (face the way you moved) first, then the 8 directions."""
    return ("moved",) + FACINGS


MOVE_LABELS = {"sidestep": ("Sidestep", "s"), "fast_sidestep": ("Fast Sidestep", "f"),
               "charge": ("Charge", "v"), "fast_charge": ("Fast Charge", "b")}


def _moving_option(battle: "Battle", unit: int, key: str, where: tuple) -> Option | None:
    """The Sidestep / Fast Sidestep / Charge / Fast Charge option (None: nowhere to go)."""
    label, hotkey = MOVE_LABELS[key]
    along = rays(battle, unit, where)
    if key in ("charge", "fast_charge"):
        tiles = charge_tiles(battle, unit, key, along)
        if not tiles:
            return None
        mult = "" if key == "charge" else "2 × "
        return Option(key, label, cost_text(battle, key), TARGET_TILE, tiles, hotkey=hotkey,
                      description=f"Up to {MOVE_FEET[key]} ft within 60° of your facing; "
                                  f"a Melee Attack after it adds {mult}weapon weight.")
    tiles = straight_tiles(battle, unit, MOVE_FEET[key], along=along, one_step=key == "sidestep")
    if not tiles:
        return None
    return Option(key, label, cost_text(battle, key), TARGET_TILE, tiles,
                  params={"facing": facing_choices(battle, unit)}, hotkey=hotkey,
                  description=f"Move up to {MOVE_FEET[key]} ft straight in any "
                              "direction, then face any direction.")


def movement_options(battle: "Battle", unit: int) -> list[Option]:
    out: list[Option] = []
    grappled_now = grappling.grappled(battle, unit)
    points = battle.get(unit, Points)
    if not grappled_now:
        where = ray_key(battle, unit)
        # Each moving option depends only on where everyone stands (and a Charge on the
        # facing): kept by that, for every decision until someone moves or falls.
        keys = tuple(key for key in MOVE_LABELS if can_afford(battle, unit, key))
        out += battle.kept.get("actionblock-move-options", (where, battle.get(unit, TurnState).block_facing, keys),
                    lambda: [opt for opt in (_moving_option(battle, unit, key, where) for key in keys)
                             if opt is not None])
        rank = template(battle, unit).talent("teleport")
        ghost = battle.get(unit, Ghost).ghost
        if rank and can_afford(battle, unit, "teleport"):
            # Kept like the other moving options, by where everyone stands.
            teleport = battle.kept.get("actionblock-teleport", (standing_key(battle, unit), rank, ghost),
                            lambda: _teleport_option(battle, unit, rank, ghost))
            if teleport is not None:
                out.append(teleport)
    here = battle.get(unit, TurnState).block_facing
    foe = nearest_enemy(battle, unit)
    toward = NAMES[direction_to(battle.tile(unit), battle.tile(foe))] if foe is not None else None
    out.append(battle.kept.get("actionblock-turn-option", (here, toward), lambda: _turn_option(battle, here, toward)))
    if points.speed < points.max_speed and may_restore(battle, unit, "speed"):
        amount, most = restore_amount(battle, unit, "speed"), points.max_speed
        out.append(same_option(battle, ("restore_speed", amount, most), lambda: Option(
            "restore_speed", "Restore Speed Points", cost_text(battle, "restore_speed"),
            hotkey="p", description=f"+{amount} Current Speed Points (up to {most}).")))
    if grappling.holding(battle, unit) and can_afford(battle, unit, "maintain_grapple"):
        out.append(Option("maintain_grapple", "Maintain Grapple", cost_text(battle, "maintain_grapple"),
                          hotkey="m", description="Keep your hold; without it the grapple ends with your Turn."))
    return out


def _teleport_option(battle: "Battle", unit: int, rank: int, ghost: int) -> Option | None:
    """The Teleport option (None: nowhere to go)."""
    tiles = tuple(teleport_tiles(battle, unit, rank, ghost))
    if not tiles:
        return None
    return Option("teleport", "Teleport", cost_text(battle, "teleport") + ", 1 Ghost HP per ft",
                  TARGET_TILE, tiles, params={"facing": facing_choices(battle, unit)},
                  hotkey="o", description=f"Up to {5 * rank} ft in any direction you can see.")


def _turn_option(battle: "Battle", here: tuple[int, int], toward: str | None) -> Option:
    """Turn: every facing but the present one, the one toward the nearest enemy first."""
    turns = [f for f in FACINGS if DIRECTIONS[f] != here]
    if toward in turns:
        turns.remove(toward)
        turns.insert(0, toward)
    return Option("turn", "Turn", cost_text(battle, "turn"), params={"facing": tuple(turns)},
                  hotkey="d", description="Face any direction.")


# --- Verbal Actions -----------------------------------------------------------------------
def cast_option(battle: "Battle", unit: int, key: str) -> Option | None:
    """Cast Spell / Echo Spell: target, then spell, Spell Ghost HP and modifiers."""
    t = template(battle, unit)
    ghost = battle.get(unit, Ghost).ghost
    if not t.spells or ghost < 1 or battle.has(unit, Casting):
        return None
    strength = cast_strength_cost(battle, unit) if key == "cast" else cost_of(battle, "echo")[0]
    speed = cost_of(battle, key)[1]
    if not affordable(battle, unit, strength, speed):
        return None
    if key == "echo":
        last = battle.try_get(unit, LastActivation)
        if last is None or last.block != battle.round or last.spell_ghost > ghost:
            return None
        spells, ghosts = (last.spell,), (last.spell_ghost,)
    else:
        spells, ghosts = tuple(t.spells), tuple(range(ghost, 0, -1))
    points = battle.get(unit, Points)
    spare_str, spare_spd = points.strength - strength, points.speed - speed
    by_target: dict[int, list[str]] = {}
    sight: dict = {}  # who the caster sees, shared by its spells
    for sid in spells:
        spell = spell_of(battle, sid)
        for target in ([unit] if spell.target in ("self", "burst") else spell_targets(battle, unit, spell, sight)):
            by_target.setdefault(target, []).append(sid)
    if not by_target:
        return None
    targets = tuple(sorted(by_target, key=lambda u: (u != unit, u)))
    params = {"spell": spells, "ghost": ghosts,
              "speed_modifiers": speed_modifier_labels(spare_spd),
              "recover_strength": tuple(range(0, min(3, spare_str) + 1))}
    limits = {u: {"spell": tuple(s for s in spells if s in by_target[u])} for u in targets}
    label = "Cast Spell" if key == "cast" else "Echo Spell"
    return Option(key, label, f"{strength} Str, {speed} Spd + modifiers", TARGET_UNIT, targets,
                  params=params, param_limits=limits, hotkey="n" if key == "cast" else "u",
                  offensive=True,
                  description="Enter the Spell Casting Stance: invest Spell Ghost HP; Channel Spell "
                              "until the cast time is 0, then Activate Spell. Shorten Spell 1/2 cost "
                              "5/15 Spd; each recovered Spell Ghost HP costs 1 Str or 1 Spd (up to 3 of each).")


def verbal_options(battle: "Battle", unit: int) -> list[Option]:
    t = template(battle, unit)
    out = [cast_option(battle, unit, "cast"), cast_option(battle, unit, "echo")]
    rank = t.talent("healing_word")
    if rank and can_afford(battle, unit, "healing_word"):
        here = battle.tile(unit)
        targets = tuple([u for u in battle.units(battle.team(unit)) if not battle.get(u, Health).dead
                         and (u == unit or distance_ft(battle, here, battle.tile(u)) <= HEALING_WORD_RANGE_FT)])
        out.append(same_option(battle, ("healing_word", rank, targets), lambda: Option(
            "healing_word", "Healing Word", cost_text(battle, "healing_word"), TARGET_UNIT, targets, hotkey="y",
            description=f"Restore {rank}d6 Current Health Points to yourself or one ally within 30 ft.")))
    for key, rank in sorted(t.charisma.items()):
        if rank < 1 or not can_afford(battle, unit, key):
            continue
        if charisma.skill(battle, key).targets == "enemies":
            out.append(same_option(battle, (key,), _skill_option, battle, key, ()))
            continue
        targets = tuple(charisma.targets(battle, unit, key))
        if targets:
            out.append(same_option(battle, (key, targets), _skill_option, battle, key, targets))
    if charisma.anyone_to_reveal(battle, unit):
        out.append(same_option(battle, ("battle_communication",), lambda: Option(
            "battle_communication", "Battle Communication", cost_text(battle, "battle_communication"),
            hotkey="k", description="Point out Stealthed enemies to your allies.")))
    return [o for o in out if o is not None]


def _skill_option(battle: "Battle", key: str, targets: tuple) -> Option:
    """A Charisma Skill: at one enemy of `targets`, or (none) at every enemy at once."""
    s = charisma.skill(battle, key)
    return Option(key, s.name, cost_text(battle, key), TARGET_UNIT if targets else TARGET_NONE, targets,
                  hotkey=s.hotkey, offensive=True, description=s.description)


# --- Bonus Actions --------------------------------------------------------------------------
def bonus_options(battle: "Battle", unit: int) -> list[Option]:
    out: list[Option] = []
    ts = battle.get(unit, TurnState)
    if ts.second_ready is not None and not ts.second_used:
        first = ts.offensive
        others = [k for k in items(battle, unit) if k not in (ts.second_ready, "unarmed")]
        if first in MELEE_ACTIONS:
            opt = melee_option(battle, unit, "melee", "Second Melee Attack", "2")
            weapons = tuple(w for w in others if w in melee_items(battle, unit))
            if opt is not None and weapons:
                out.append(replace(opt, key="second_melee", params={"weapon": weapons},
                                   description="Bonus Action: attack at once with your other weapon."))
        else:
            for other in others:
                opt = gun_option(battle, unit, "second_" + first, "Second " + ("Aimed" if first == "aimed" else "Gun")
                                 + " Attack", "2", only=other)
                if opt is not None:
                    out.append(replace(opt, description="Bonus Action: fire at once with your other gun."))
                    break
    stance = stance_option(battle, unit)
    if stance is not None:
        out.append(stance)
    casting = battle.try_get(unit, Casting)
    if casting is not None:
        if casting.remaining <= 0:
            out.append(Option("activate", "Activate Spell", cost_text(battle, "activate"), hotkey="y",
                              offensive=True, description=f"{spell_of(battle, casting.spell).name} takes effect."))
        out.append(Option("cancel_spell", "Cancel Spell", cost_text(battle, "cancel_spell"), hotkey="q",
                          description="Stop casting; the Spell Ghost HP is lost."))
    return out


def stance_option(battle: "Battle", unit: int) -> Option | None:
    """Block taken in advance as a Bonus Action (None: no stance it could raise). It
    depends only on the stance, the shield's state and which Blocks the points pay
    for, so it is kept by them: asked on every decision of a Turn, it rarely changes."""
    stance = battle.get(unit, Stance)
    points = battle.get(unit, Points)
    strength, speed = points.strength, points.speed
    key = (unit, stance.level, stance.shield is None, shield_available(battle, unit),
           tuple([s <= strength and p <= speed for s, p in _block_costs(battle)]))
    return battle.kept.get("actionblock-stance-option", key, lambda: _stance_option(battle, unit))


def _block_costs(battle: "Battle") -> tuple[tuple[int, int], ...]:
    """(Strength, Speed) of each Block-family action, in `BLOCKS` order."""
    return battle.kept.get("actionblock-block-costs", None, lambda: tuple(cost_of(battle, k) for k in BLOCKS))


def _stance_option(battle: "Battle", unit: int) -> Option | None:
    blocks = block_options(battle, unit, {"block": "b", "heavy_block": "h", "super_block": "s"},
                           prefix="stance_")
    if not blocks:
        return None
    kinds = tuple(o.key.removeprefix("stance_") for o in blocks)
    shield = blocks[0].params.get("shield")
    params = {"kind": kinds}
    if shield:
        params["shield"] = shield
    return Option("stance", "Block (Bonus Action)", "2 / 4 / 6 Str", params=params, hotkey="z",
                  description="Enter the Block, Heavy Block or Super Block Stance now: −5 / −10 / "
                              "−15 damage until the start of your next Turn.")


END = Option("end_turn", "End Turn", hotkey="e")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def assign_hotkeys(options: list[Option]) -> tuple[Option, ...]:
    """Unique single lowercase letters. Preferred letters are kept in order of the
    options (End Turn first, so it is always "e"); an option whose letter is taken gets
    the first free letter of its label, else of the alphabet."""
    chosen = _hotkeys(tuple([(opt.key == "end_turn", opt.hotkey, opt.label) for opt in options]))
    return tuple([opt if key == opt.hotkey else replace(opt, hotkey=key)
                  for opt, key in zip(options, chosen, strict=True)])


@kept.pure("actionblock-hotkeys")
def _hotkeys(options: tuple[tuple[bool, str, str], ...]) -> tuple[str, ...]:
    """The letters for options given as (is End Turn, preferred letter, label): the
    same few sets recur every Turn, so they are kept."""
    used: set[str] = set()
    chosen: dict[int, str] = {}
    for i, (_, hotkey, _) in sorted(enumerate(options), key=lambda io: not io[1][0]):
        if hotkey and hotkey in ALPHABET and hotkey not in used:
            chosen[i] = hotkey
            used.add(hotkey)
    for i, (_, _, label) in enumerate(options):
        if i not in chosen:
            key = next(ch for ch in label.lower() + ALPHABET if ch in ALPHABET and ch not in used)
            chosen[i] = key
            used.add(key)
    return tuple(chosen[i] for i in range(len(options)))


def turn_options(battle: "Battle", unit: int) -> tuple[Option, ...]:
    return _turn_options(battle, unit)


def _turn_options(battle: "Battle", unit: int) -> tuple[Option, ...]:
    ts = battle.get(unit, TurnState)
    opts: list[Option] = []
    opts += bonus_options(battle, unit)
    if ts.offensive is None:
        opts += offensive_options(battle, unit)
    if ts.movement is None:
        opts += movement_options(battle, unit)
    if ts.verbal is None:
        opts += verbal_options(battle, unit)
    return assign_hotkeys(opts + [END])
