"""4dF definitions: weapons (and powers), armour, unit templates; TOML checked by pydantic.

A malformed file raises DataError naming the file, the entry and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.errors import DataError
from game import kept
from game.rulesets.data import kept_data, kept_while_unchanged, load_table, with_custom

if TYPE_CHECKING:
    from game.custom_units import CustomUnits

HERE = Path(__file__).parent
UNARMED = "fist"  # what a free hand attacks with
MELEE_KINDS = ("melee", "unarmed")
MISSILE_KINDS = ("thrown", "projectile")
Threat = Literal["blade", "bullet", "blunt", "fire", "flash", "energy"]
Ladder = Annotated[int, Field(ge=-5, le=5)]  # FUDGE ladder: -5 Horrible .. +5 Legendary


class Weapon(BaseModel):
    """A weapon, an unarmed attack or a superpower: what the text's modifiers read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    kind: Literal["melee", "unarmed", "thrown", "projectile"]
    hands: Literal[1, 2] = 1
    threat: Threat
    blunt: bool = False
    edged: bool = False
    anti_personnel: bool = False
    short_range: int | None = Field(None, ge=1)
    long_range: int | None = Field(None, ge=1)
    power: bool = False
    power_rank: int | None = Field(None, ge=-5, le=8)
    weight_lb: int = Field(0, ge=0)
    effect: Literal["wound", "blind"] = "wound"
    uses: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> "Weapon":
        if self.blunt and self.edged:
            raise ValueError("a weapon cannot be both especially blunt and edged")
        if self.kind in MISSILE_KINDS:
            if self.short_range is None or self.long_range is None:
                raise ValueError("a thrown or projectile weapon needs short_range and long_range")
            if self.long_range <= self.short_range:
                raise ValueError("long_range must be beyond short_range")
        elif self.short_range is not None or self.long_range is not None:
            raise ValueError("melee and unarmed attacks have no range bands")
        if self.power and self.power_rank is None:
            raise ValueError("a superpower needs its power_rank")
        if not self.power and self.power_rank is not None:
            raise ValueError("power_rank is only for superpowers (power = true)")
        return self

    @property
    def melee(self) -> bool:
        """Melee or unarmed: the text's close-combat class of attack."""
        return self.kind in MELEE_KINDS

    @property
    def missile(self) -> bool:
        """Thrown or projectile: the text's ranged class of attack."""
        return self.kind in MISSILE_KINDS

    @property
    def bonus_damage(self) -> tuple[str, int] | None:
        """[REC bonus-damage] The bonus of the extra damage roll after a hit, if any:
        a superpower at its rank − 1, an object of 100 lb or more at +1 per 100 lb."""
        if self.power:
            return (f"{self.name} rank {self.power_rank} − 1", self.power_rank - 1)
        if self.weight_lb >= 100:
            return (f"{self.weight_lb} lb object", self.weight_lb // 100)
        return None


class Armour(BaseModel):
    """Armour that is heavy against some threats (−1 to the attacker's damage value)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    heavy_against: tuple[Threat, ...] = Field(min_length=1)


class UnitTemplate(BaseModel):
    """A kind of fighter: skills on the FUDGE ladder, what it holds, carries and wears."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    archetype: Literal["brawler", "gunner", "marksman", "guardian", "scout"]
    #: Points (issue 29): fitted by play with `python -m game price`, never guessed; None until priced.
    cost: int | None = Field(None, ge=1, le=10_000)
    reaction: Ladder
    attack: Ladder
    defense: Ladder
    toughness: Ladder
    resistance: Ladder
    notice: Ladder
    insight: Ladder
    stealth: Ladder
    acrobatics: Ladder
    held: tuple[str, ...] = ()
    carried: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    armour: str = ""


class FateData:
    """All 4dF definitions, cross-checked: every id a template names exists and fits."""

    def __init__(self, folder: Path = HERE, custom: "CustomUnits | None" = None) -> None:
        self.weapons = _table(folder / "weapons.toml", Weapon)
        self.armour = _table(folder / "armour.toml", Armour)
        self.templates, where = with_custom(_table(folder / "units.toml", UnitTemplate),
                                            folder / "units.toml", UnitTemplate, custom)
        if UNARMED not in self.weapons or self.weapons[UNARMED].kind != "unarmed":
            raise DataError(folder / "weapons.toml", f"[{UNARMED}] kind: an unarmed attack "
                            f"named {UNARMED!r} is required (every free hand can punch)")
        for t in self.templates.values():
            units = where(t.id)
            for field in ("held", "carried", "powers"):
                for w in getattr(t, field):
                    if w not in self.weapons:
                        raise DataError(units, f"[{t.id}] {field}: unknown weapon {w!r}")
            if sum(self.weapons[w].hands for w in t.held) > 2:
                raise DataError(units, f"[{t.id}] held: more than two hands of weapons")
            for w in t.powers:
                if not self.weapons[w].power:
                    raise DataError(units, f"[{t.id}] powers: {w!r} is not a superpower")
            for w in t.held + t.carried:
                if self.weapons[w].power:
                    raise DataError(units, f"[{t.id}] held: {w!r} is a superpower (list it in powers)")
            for w in t.carried:
                if not self.weapons[w].missile:
                    raise DataError(units, f"[{t.id}] carried: {w!r} is not a thrown item")
            if t.armour and t.armour not in self.armour:
                raise DataError(units, f"[{t.id}] armour: unknown armour {t.armour!r}")
        self.by_archetype: dict[str, str] = {}
        for t in self.templates.values():
            self.by_archetype.setdefault(t.archetype, t.id)
        #: Answers that follow from these definitions alone (keyed by their ids), kept with
        #: them (game.kept, owner "data"): the AI's attack profiles, shared by every battle
        #: that plays these definitions.
        self.kept = kept.Store(kept.DATA)


@kept.pure("fate-data")
def shared_data() -> FateData:
    """The shipped definitions, loaded once per process and shared read-only by every
    battle (so answers kept with them serve every battle, keyed on ids)."""
    return FateData()


def custom_data(custom: "CustomUnits") -> FateData:
    """The shipped definitions and a designer's own units (game.custom_units), read once
    while the files and the units are unchanged."""
    return kept_data(FateData, sorted(HERE.glob("*.toml")), custom, lambda: FateData(HERE, custom))


def _table(path: Path, model: type) -> dict:
    """`load_table`, kept while the file is unchanged (every battle builds its own
    FateData from the same files). Each call gets its own dict (a caller may replace
    entries); the entries are frozen models."""
    return dict(kept_while_unchanged(model, [path], lambda: load_table(path, model)))
