"""Action Block definitions: weapons, armour, action costs, units, spells, charisma
skills and the insanity table, loaded once from TOML and validated by pydantic.

A malformed file raises DataError naming the file, the entry and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.errors import DataError
from game.rulesets.data import kept_while_unchanged, load_table, with_custom

if TYPE_CHECKING:
    from game.custom_units import CustomUnits

HERE = Path(__file__).parent

MELEE_CATEGORIES = ("sword", "shield", "drill", "hammer", "grappling", "staff")
GUN_CATEGORIES = ("pistol", "sniper", "shotgun", "tesla")
CATEGORIES = MELEE_CATEGORIES + GUN_CATEGORIES
TALENTS = ("melee_boost", "gun_boost", "grapple_boost", "dodge_boost", "pdr_boost",
           "spell_dr_boost", "restore_strength_boost", "restore_speed_boost",
           "offensive_spell_boost", "defensive_spell_boost", "general_spell_boost",
           "teleport", "healing_word", "resist_insanity")
CHARISMA_SKILLS = ("taunt", "stunning_scream", "battle_strategy", "stealth")
ABILITIES = ("second_attack", "spinning_strike")

_DICE = re.compile(r"^\s*(?:(\d+)d(\d+))?\s*(?:([+-])?\s*(\d+))?\s*$")


@dataclass(frozen=True)
class DiceExpr:
    """A damage expression XdY±Z as the weapon tables write it ("1d6+1", "2d6-1", "1")."""

    count: int
    sides: int
    modifier: int

    @classmethod
    def parse(cls, text: str) -> "DiceExpr":
        m = _DICE.match(text.replace("−", "-"))
        if not m or (m.group(1) is None and m.group(4) is None):
            raise ValueError(f"{text!r} is not a dice expression like 2d6+1")
        count = int(m.group(1) or 0)
        sides = int(m.group(2) or 6)
        if m.group(1) is not None and (count < 1 or sides < 2):
            raise ValueError(f"{text!r}: at least one die of two sides")
        mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if m.group(1) is None and m.group(3) is not None and mod < 0:
            raise ValueError(f"{text!r}: a fixed amount cannot be negative")
        return cls(count, sides, mod)

    def __str__(self) -> str:
        if not self.count:
            return str(self.modifier)
        mod = f"{'+' if self.modifier > 0 else '−'}{abs(self.modifier)}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"


def _check_dice(value: str) -> str:
    DiceExpr.parse(value)
    return value


class Weapon(BaseModel):
    """One row of a weapon table. Each category requires its own columns."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    category: Literal["sword", "shield", "drill", "hammer", "grappling", "staff",
                      "pistol", "sniper", "shotgun", "tesla"]
    weight: int = Field(ge=0)
    damage: str
    to_hit: int
    balanced_with: tuple[str, ...] = ()
    damage_type: Literal["physical", "spell"] = "physical"
    # shields
    block_bonus: tuple[int, int, int] | None = None
    # drills
    pdr_damage: int | None = Field(None, ge=0)
    mech_pdr_damage: int | None = Field(None, ge=0)
    # hammers
    speed_damage: int | None = Field(None, ge=0)
    # grappling weapons
    grapple_damage: str | None = None
    grapple_speed_damage: int | None = Field(None, ge=0)
    grapple_to_hit: int | None = None
    max_grapple_strength: int | None = Field(None, ge=0)
    # staves
    ghost_storage: int | None = Field(None, ge=0)
    cast_strength_cost: int | None = Field(None, ge=0)
    # guns
    range_ft: tuple[int, ...] = ()
    ammo: int | None = Field(None, ge=1)
    steady_bonus: int | None = Field(None, ge=0)
    bullets: int | None = Field(None, ge=1)

    _dice = field_validator("damage", "grapple_damage")(classmethod(
        lambda cls, v: v if v is None else _check_dice(v)))

    @field_validator("balanced_with")
    @classmethod
    def _known_categories(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for c in value:
            if c not in CATEGORIES:
                raise ValueError(f"unknown weapon category {c!r}")
        return value

    @model_validator(mode="after")
    def _category_columns(self) -> "Weapon":
        need = {
            "shield": ("block_bonus",),
            "drill": ("pdr_damage",),
            "hammer": ("speed_damage",),
            "grappling": ("grapple_damage", "grapple_speed_damage", "grapple_to_hit",
                          "max_grapple_strength"),
            "staff": ("ghost_storage", "cast_strength_cost"),
            "pistol": ("range_ft", "ammo"),
            "tesla": ("range_ft", "ammo"),
            "sniper": ("range_ft", "ammo", "steady_bonus"),
            "shotgun": ("range_ft", "ammo", "bullets"),
        }.get(self.category, ())
        for name in need:
            if getattr(self, name) in (None, ()):
                raise ValueError(f"a {self.category} needs {name}")
        if self.category in GUN_CATEGORIES:
            if list(self.range_ft) != sorted(set(self.range_ft)) or self.range_ft[0] < 1:
                raise ValueError("range_ft must be increasing distances in feet")
            if self.category == "sniper" and len(self.range_ft) != 3:
                raise ValueError("a sniper rifle needs short, medium and long range_ft")
        elif self.range_ft:
            raise ValueError("only guns have range_ft (melee weapons use Melee Range)")
        return self

    @cached_property
    def dice(self) -> DiceExpr:
        return DiceExpr.parse(self.damage)

    @cached_property
    def grapple_dice(self) -> DiceExpr:
        return DiceExpr.parse(self.grapple_damage or "0")

    @property
    def is_gun(self) -> bool:
        return self.category in GUN_CATEGORIES

    @property
    def is_melee(self) -> bool:
        return self.category in MELEE_CATEGORIES

    @property
    def max_range_ft(self) -> int:
        return self.range_ft[-1] if self.range_ft else 5


class Armour(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    passive_evasion: int = Field(ge=0)
    pdr: int = Field(ge=0)
    speed_reduction: int = Field(ge=0)


class ActionCost(BaseModel):
    """An action's Strength Cost and Speed Cost (and Subtlety Modifier)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    kind: Literal["offensive", "movement", "verbal", "defensive", "bonus", "modifier"]
    strength: int = Field(ge=0)
    speed: int = Field(ge=0)
    subtlety: int | None = None

    @property
    def cost_text(self) -> str:
        return f"{self.strength} Str, {self.speed} Spd"


class Spell(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    target: Literal["unit", "self", "burst"]
    range_ft: int = Field(ge=0)
    self_allowed: bool = False
    cast_time: int = Field(ge=0)
    subtlety: int = 0
    effect: Literal["damage", "heal", "knockback", "gather_mist", "barrier"]
    base: str = "0"
    offensive_boost: str = "0"
    defensive_boost: str = "0"
    general_boost: str = "0"
    knockback_ft: int = Field(0, ge=0)
    offensive_boost_ft: int = Field(0, ge=0)
    absorb: int = Field(0, ge=0)
    duration_blocks: int = Field(0, ge=0)
    defensive_boost_flat: int = 0
    general_boost_flat: int = 0

    _dice = field_validator("base", "offensive_boost", "defensive_boost", "general_boost")(
        classmethod(lambda cls, v: _check_dice(v)))

    @model_validator(mode="after")
    def _effect_columns(self) -> "Spell":
        if self.effect in ("damage", "heal") and DiceExpr.parse(self.base).count == 0:
            raise ValueError(f"a {self.effect} spell needs base dice")
        if self.effect == "knockback" and self.knockback_ft < 5:
            raise ValueError("a knockback spell needs knockback_ft")
        if self.effect == "barrier" and (self.absorb < 1 or self.duration_blocks < 1):
            raise ValueError("a barrier needs absorb and duration_blocks")
        if self.target == "unit" and self.range_ft < 5:
            raise ValueError("a spell aimed at a unit needs a range_ft")
        return self


class CharismaSkill(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    hotkey: str = Field(pattern=r"^[a-z]$")
    targets: Literal["enemy", "enemies", "none"]
    range_ft: int = Field(ge=0)
    effect: Literal["taunted", "stunned", "marked", "stealthed"]
    description: str = ""


class InsanityRow(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    effect: Literal["none", "phobia", "spell_drain", "minor_insanity", "increase_roll", "stun",
                    "mutant_transformation", "disruption", "possessed",
                    "vanity_transformation", "hardened"]
    severity: str = "0"

    _dice = field_validator("severity")(classmethod(lambda cls, v: _check_dice(v)))

    @field_validator("id")
    @classmethod
    def _numeric(cls, value: str) -> str:
        if not value.isdigit():
            raise ValueError("insanity rows are keyed by the roll (a number)")
        return value


class UnitTemplate(BaseModel):
    """A kind of fighter: base points, armour, wielded weapons, talents, skills."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    archetype: Literal["brawler", "gunner", "marksman", "guardian", "scout"]
    #: Points (issue 29): fitted by play with `python -m game price`, never guessed; None until priced.
    cost: int | None = Field(None, ge=1, le=10_000)
    max_strength: int = Field(ge=1, le=40)
    max_speed: int = Field(ge=1, le=40)
    armour: str
    weapons: tuple[str, ...] = Field(min_length=1, max_length=2)
    talents: dict[Literal["melee_boost", "gun_boost", "grapple_boost", "dodge_boost",
                          "pdr_boost", "spell_dr_boost", "restore_strength_boost",
                          "restore_speed_boost", "offensive_spell_boost",
                          "defensive_spell_boost", "general_spell_boost", "teleport",
                          "healing_word", "resist_insanity"], int] = {}
    abilities: tuple[Literal["second_attack", "spinning_strike"], ...] = ()
    charisma: dict[Literal["taunt", "stunning_scream", "battle_strategy", "stealth"], int] = {}
    defensive_charisma: int = Field(0, ge=0, le=10)
    ghost_hp: int = Field(0, ge=0)
    spells: tuple[str, ...] = ()

    @field_validator("talents", "charisma")
    @classmethod
    def _ranks(cls, value: dict) -> dict:
        for key, rank in value.items():
            if not 0 <= rank <= 10:
                raise ValueError(f"rank of {key} must be 0..10")
        return value

    def talent(self, name: str) -> int:
        return self.talents.get(name, 0)


_TABLES = {"weapons": Weapon, "armour": Armour, "actions": ActionCost, "spells": Spell,
           "charisma": CharismaSkill, "insanity": InsanityRow, "units": UnitTemplate}


def _tables(folder: Path) -> dict[str, dict]:
    """The folder's tables, parsed and validated once per process while the files stay
    the same: every battle of a `simulate` run builds a ruleset, and reading the TOML
    again cost about 6 ms of a 130 ms battle."""
    paths = {name: folder / f"{name}.toml" for name in _TABLES}
    return kept_while_unchanged("actionblock", paths.values(), lambda: {
        name: load_table(path, _TABLES[name]) for name, path in paths.items()})


class ActionBlockData:
    """All definitions, cross-checked: every reference names an existing entry."""

    def __init__(self, folder: Path = HERE, custom: "CustomUnits | None" = None) -> None:
        tables = _tables(folder)
        # Each object gets its own dicts (tests add templates to theirs); the entries
        # are frozen models, shared.
        self.weapons = dict(tables["weapons"])
        self.armours = dict(tables["armour"])
        self.actions = dict(tables["actions"])
        self.spells = dict(tables["spells"])
        self.charisma = dict(tables["charisma"])
        self.insanity = dict(tables["insanity"])
        self.templates, where = with_custom(tables["units"], folder / "units.toml", UnitTemplate, custom)
        if "unarmed" not in self.weapons:
            raise DataError(folder / "weapons.toml", "[unarmed] missing: every unit can fight unarmed")
        for t in self.templates.values():
            units = where(t.id)
            if t.armour not in self.armours:
                raise DataError(units, f"[{t.id}] armour: unknown armour {t.armour!r}")
            for w in t.weapons:
                if w not in self.weapons:
                    raise DataError(units, f"[{t.id}] weapons: unknown weapon {w!r}")
            for s in t.spells:
                if s not in self.spells:
                    raise DataError(units, f"[{t.id}] spells: unknown spell {s!r}")
            for c in t.charisma:
                if c not in self.charisma:
                    raise DataError(units, f"[{t.id}] charisma: no such skill in charisma.toml {c!r}")
            if "second_attack" in t.abilities and len(t.weapons) < 2:
                raise DataError(units, f"[{t.id}] abilities: second_attack needs two weapons")
        for key in ("melee", "combo", "gun", "aimed", "reload", "grapple", "dodge", "block",
                    "heavy_block", "super_block", "obstruct", "restore_strength", "restore_speed"):
            if key not in self.actions:
                raise DataError(folder / "actions.toml", f"[{key}] missing: the battle rules need it")
        self.by_archetype: dict[str, str] = {}
        for t in self.templates.values():
            self.by_archetype.setdefault(t.archetype, t.id)

    def cost(self, action: str) -> ActionCost:
        return self.actions[action]
