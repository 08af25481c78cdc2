"""Mahou definitions: weapons, shields, armour, facets and unit templates (TOML, frozen).

The weapon, shield and armour lists of the wiki were not recovered (digest 0.1), so
every number in the TOML files is a [PROP] labelled there; the shapes follow the
text: a weapon lists its skills and stances, its damage dice, its range and speed
rating; a shield its skills and soak dice; armour its number of soak dice.
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.errors import DataError
from game.kept import DATA, Store
from game.rulesets.data import kept_data, load_table, with_custom
from game.rulesets.mahou.dice import DiceSet, Die, RollSpec, nonskilled, stat_die

if TYPE_CHECKING:
    from game.custom_units import CustomUnits

HERE = Path(__file__).parent

STATS = ("strength", "agility", "defense", "accuracy", "intelligence", "personality")
STAT_SHORT = {"str": "strength", "agi": "agility", "def": "defense", "acc": "accuracy",
              "int": "intelligence", "per": "personality"}
SKILLS = ("gym", "martial_arts", "home_ec", "math", "history", "science", "art",
          "language", "magic")
STANCES = ("strong", "fast", "precise")
#: The stat each attack stance rolls (rule text: Strong → Strength, Fast → Agility,
#: Precise → Accuracy).
STANCE_STAT = {"strong": "strength", "fast": "agility", "precise": "accuracy"}
PLAIN_DICE = (4, 6, 8, 10, 12, 20)

Skill = Literal["gym", "martial_arts", "home_ec", "math", "history", "science", "art",
                "language", "magic"]
Stance = Literal["strong", "fast", "precise"]

_TERM = re.compile(r"^(\d+)d(\d+|str|agi|def|acc|int|per)$")


def parse_dice(text: str) -> tuple[tuple[tuple[int, int | str], ...], int]:
    """"2dStr+1d6+1" → (((2, "strength"), (1, 6)), 1): sets of dice, then a flat bonus."""
    sets: list[tuple[int, int | str]] = []
    flat = 0
    for raw in text.replace(" ", "").lower().split("+"):
        if raw.lstrip("-").isdigit():
            flat += int(raw)
            continue
        m = _TERM.match(raw)
        if not m or int(m.group(1)) < 1:
            raise ValueError(f"{text!r}: each term must look like 2d6, 1dStr or a number")
        count, kind = int(m.group(1)), m.group(2)
        if kind.isdigit():
            if int(kind) not in PLAIN_DICE:
                raise ValueError(f"{text!r}: d{kind} is not a die (use one of {PLAIN_DICE})")
            sets.append((count, int(kind)))
        else:
            sets.append((count, STAT_SHORT[kind]))
    if not sets:
        raise ValueError(f"{text!r}: needs at least one set of dice")
    return tuple(sets), flat


class _Item(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str


class Weapon(_Item):
    """A weapon: the skills and stances it allows, its damage, reach or range, speed."""

    skills: tuple[Skill, ...] = Field(min_length=1)
    stances: tuple[Stance, ...] = Field(min_length=1)
    damage: str
    hands: Literal[1, 2] = 1
    reach_ft: int = Field(5, ge=5)
    range_ft: int | None = Field(None, ge=5)  # set for ranged weapons: the listed range
    speed: int = 0  # initiative speed rating
    skill_mod: int = Field(0, le=0)  # the weapon's "skill −X"
    fist: bool = False  # damage based on the Fist: worn, lets the bare hand block and grapple

    @field_validator("damage")
    @classmethod
    def _damage(cls, value: str) -> str:
        parse_dice(value)
        return value

    @cached_property
    def dice(self) -> tuple[tuple[tuple[int, int | str], ...], int]:
        return parse_dice(self.damage)

    @property
    def ranged(self) -> bool:
        return self.range_ft is not None


class Shield(_Item):
    """A shield: the skills its blocks roll (with Defense), its soak dice, parrying."""

    skills: tuple[Skill, ...] = Field(min_length=1)
    soak: str
    parry: bool = False  # allows the Precise stance, hence Spot and Active Parry
    strapped: bool = False  # attached to the arm: never dropped by a precise critical

    @field_validator("soak")
    @classmethod
    def _soak(cls, value: str) -> str:
        parse_dice(value)
        return value

    @cached_property
    def dice(self) -> tuple[tuple[tuple[int, int | str], ...], int]:
        return parse_dice(self.soak)


class Armour(_Item):
    """Armour: how many Defense dice its soak roll keeps the highest of; speed rating."""

    soak_dice: int = Field(ge=1, le=6)
    speed: int = 0
    parts: int = Field(1, ge=1)  # body parts covered (harder to pull off in a grapple)
    torso: bool = True
    crafted: bool = False
    natural: bool = False


class Facet(_Item):
    """A facet: criticals need an active facet naming the rolled skill."""

    specialty: Skill
    subjects: tuple[Skill, ...] = ()

    @property
    def skills(self) -> frozenset[str]:
        return frozenset((self.specialty, *self.subjects))


class UnitTemplate(BaseModel):
    """A kind of character: six stats, skill ranks, hit points, facets and kit."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    archetype: Literal["brawler", "gunner", "marksman", "guardian", "scout"]
    #: Points (issue 29): fitted by play with `python -m game price`, never guessed; None until priced.
    cost: int | None = Field(None, ge=1, le=10_000)
    strength: int = Field(ge=1, le=24)
    agility: int = Field(ge=1, le=24)
    defense: int = Field(ge=1, le=24)
    accuracy: int = Field(ge=1, le=24)
    intelligence: int = Field(ge=1, le=24)
    personality: int = Field(ge=1, le=24)
    skills: dict[Skill, int] = {}
    hp: int = Field(ge=1)
    facets: tuple[str, ...] = ()
    main: str | None = None  # item in the primary hand (a weapon, or a shield)
    off: str | None = None  # item in the other hand
    carried: tuple[str, ...] = ()  # stowed weapons that can be drawn
    armour: str | None = None
    sex: Literal["female", "male", "other"] = "female"
    attracted_to: tuple[Literal["female", "male", "other"], ...] = ()

    @field_validator("skills")
    @classmethod
    def _ranks(cls, value: dict) -> dict:
        for skill, rank in value.items():
            if not 0 <= rank <= 10:
                raise ValueError(f"rank of {skill} must be 0..10")
        return value

    @model_validator(mode="after")
    def _hands(self) -> "UnitTemplate":
        if self.off is not None and self.main is None:
            raise ValueError("put the single held item in main")
        return self

    def stat(self, name: str) -> int:
        return getattr(self, name)

    def rank(self, skill: str) -> int:
        return self.skills.get(skill, 0)


def plain_die(kind: int | str, template: UnitTemplate) -> Die:
    """The die of a damage or soak term: a plain dN, or a stat's die."""
    return Die(kind) if isinstance(kind, int) else stat_die(template.stat(kind))


def damage_dice(template: UnitTemplate, weapon: Weapon | None) -> RollSpec:
    """The weapon's damage dice with the wielder's stat dice; a kick (no weapon) 1dStr."""
    if weapon is None:
        return RollSpec((DiceSet(1, stat_die(template.stat("strength")), label="kick"),))
    sets, flat = weapon.dice
    groups = tuple(DiceSet(n, plain_die(kind, template)) for n, kind in sets)
    return RollSpec(groups, (("weapon", flat),) if flat else ())


def soak_dice(template: UnitTemplate, worn: Armour | None, shield: Shield | None) -> RollSpec:
    """Rule text: a 0-skill Defense roll; with armour, its number of Defense dice
    keeping the highest; a held shield adds its soak dice."""
    ddie = stat_die(template.stat("defense"))
    sets = [DiceSet(worn.soak_dice, ddie, label=worn.name) if worn else nonskilled(ddie, "Defense")]
    flat = 0
    if shield is not None:
        groups, flat = shield.dice
        sets += [DiceSet(n, plain_die(kind, template), label=shield.name) for n, kind in groups]
    return RollSpec(tuple(sets), (("shield", flat),) if flat else ())


class MahouData:
    """All definitions, cross-checked: every template's items and facets exist."""

    def __init__(self, folder: Path = HERE, custom: "CustomUnits | None" = None) -> None:
        #: What the rules work out from these definitions alone when first asked (an
        #: attack's name, the ways to defend with what the hands hold), kept by ids for
        #: as long as the definitions (game.kept, tables owned by the data).
        self.kept = Store(DATA)
        self.weapons = load_table(folder / "weapons.toml", Weapon)
        self.shields = load_table(folder / "shields.toml", Shield)
        self.armour = load_table(folder / "armour.toml", Armour)
        self.facets = load_table(folder / "facets.toml", Facet)
        self.templates, where = with_custom(load_table(folder / "units.toml", UnitTemplate),
                                            folder / "units.toml", UnitTemplate, custom)
        if "fists" not in self.weapons:
            raise DataError(folder / "weapons.toml", "[fists] missing: bare hands need an entry")
        clash = set(self.weapons) & set(self.shields)
        if clash:
            raise DataError(folder / "shields.toml", f"[{sorted(clash)[0]}] id also used by a weapon")
        units = folder / "units.toml"
        for t in self.templates.values():
            units = where(t.id)
            for slot in ("main", "off"):
                item = getattr(t, slot)
                if item is not None and item not in self.weapons and item not in self.shields:
                    raise DataError(units, f"[{t.id}] {slot}: unknown weapon or shield {item!r}")
            main = self.weapons.get(t.main or "")
            if main is not None and main.hands == 2 and t.off is not None:
                raise DataError(units, f"[{t.id}] off: {main.name} needs both hands")
            for w in t.carried:
                if w not in self.weapons:
                    raise DataError(units, f"[{t.id}] carried: unknown weapon {w!r}")
            if t.armour is not None and t.armour not in self.armour:
                raise DataError(units, f"[{t.id}] armour: unknown armour {t.armour!r}")
            for f in t.facets:
                if f not in self.facets:
                    raise DataError(units, f"[{t.id}] facets: unknown facet {f!r}")
        self.by_archetype: dict[str, str] = {}
        for t in self.templates.values():
            self.by_archetype.setdefault(t.archetype, t.id)
        missing = {"brawler", "gunner", "marksman", "guardian", "scout"} - set(self.by_archetype)
        if missing:
            raise DataError(folder / "units.toml", f"no template for archetype {sorted(missing)[0]!r}")
        # What the definitions give each template, worked out once (frozen, by ids): its
        # damage dice with each weapon (None: a kick), its soak roll in each armour with
        # each shield, and the skills its facets name (criticals).
        templates = self.templates.values()
        self.damage_specs = MappingProxyType({
            (t.id, w): damage_dice(t, None if w is None else self.weapons[w])
            for t in templates for w in (*self.weapons, None)})
        self.soak_specs = MappingProxyType({
            (t.id, a, s): soak_dice(t, None if a is None else self.armour[a], None if s is None else self.shields[s])
            for t in templates for a in (*self.armour, None) for s in (*self.shields, None)})
        self.facet_skills = MappingProxyType({
            t.id: frozenset().union(*(self.facets[f].skills for f in t.facets)) for t in templates})

    def item(self, item_id: str) -> Weapon | Shield:
        return self.weapons.get(item_id) or self.shields[item_id]


def shared_data(folder: Path = HERE, custom: "CustomUnits | None" = None) -> MahouData:
    """The definitions in `folder`, read once while its files stay unchanged: they are
    never changed in play, and reading and checking five tables each battle costs more
    than a short battle's rules."""
    return kept_data(MahouData, sorted(folder.glob("*.toml")), custom, lambda: MahouData(folder, custom))
