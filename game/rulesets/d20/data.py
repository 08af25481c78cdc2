"""d20 definitions: weapons and unit templates, loaded once from TOML and frozen."""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.errors import DataError
from game.rulesets.data import kept_data, load_table, with_custom

if TYPE_CHECKING:
    from game.custom_units import CustomUnits

HERE = Path(__file__).parent
DIE_LADDER = (4, 6, 8, 10, 12, 20)  # [PROP] die sizes for upgrades and downgrades
LOCATIONS = ("torso", "head", "arms", "legs")
DAMAGE_TYPES = ("ballistic", "slashing", "crushing", "piercing")

_DICE = re.compile(r"^(\d+)d(\d+)$")


class Weapon(BaseModel):
    """A weapon definition. Ranged weapons list their range thresholds in feet."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    kind: Literal["ranged", "melee"]
    damage: str
    damage_type: Literal["ballistic", "slashing", "crushing", "piercing"]
    fire_mode: Literal["single", "semi", "auto"] = "single"
    ranges_ft: tuple[int, ...] = ()
    magazine: int = Field(0, ge=0)
    ammo: Literal["standard", "buckshot", "birdshot", "ap_pistol", "ap_rifle"] = "standard"
    properties: tuple[Literal["compact", "concealable"], ...] = ()
    firearm: bool = True

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        m = _DICE.match(value)
        if not m or int(m.group(1)) < 1 or int(m.group(2)) not in DIE_LADDER:
            raise ValueError(f"damage must look like 2d6 with a die in {DIE_LADDER}")
        return value

    @model_validator(mode="after")
    def _ranged_needs_ranges(self) -> "Weapon":
        if self.kind == "ranged":
            if not self.ranges_ft or list(self.ranges_ft) != sorted(set(self.ranges_ft)):
                raise ValueError("a ranged weapon needs increasing ranges_ft")
            if self.magazine < 1:
                raise ValueError("a ranged weapon needs a magazine of at least 1")
        return self

    @cached_property
    def dice(self) -> tuple[int, int]:
        count, sides = _DICE.match(self.damage).groups()
        return int(count), int(sides)

    @property
    def ranged(self) -> bool:
        return self.kind == "ranged"

    @property
    def torso_only(self) -> bool:
        """Birdshot and buckshot cannot target anything but the torso (rule text)."""
        return self.ammo in ("buckshot", "birdshot")


class UnitTemplate(BaseModel):
    """A kind of soldier: attribute and skill modifiers, hit points, armour, kit."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    archetype: Literal["brawler", "gunner", "marksman", "guardian", "scout"]
    #: Points (issue 29): fitted by play with `python -m game price`, never guessed; None until priced.
    cost: int | None = Field(None, ge=1, le=10_000)
    agility: int = Field(ge=-5, le=10)
    body: int = Field(ge=-5, le=10)
    dexterity: int = Field(ge=-5, le=10)
    willpower: int = Field(ge=-5, le=10)
    firearms: int = Field(ge=0, le=15)
    melee: int = Field(ge=0, le=15)
    athletics: int = Field(ge=0, le=15)
    dodge_bonus: int = 0
    hp: int = Field(ge=1)
    speed_ft: int = Field(30, ge=5)
    dt: dict[Literal["ballistic", "slashing", "crushing", "piercing"], int] = {}
    weapons: tuple[str, ...] = Field(min_length=1)
    spare_magazines: int = Field(2, ge=0)
    manacles: int = Field(0, ge=0)
    size: Literal["small", "medium", "large"] = "medium"

    @property
    def dodge(self) -> int:
        """[PROP] Dodge = 12 + Agility modifier + armour/shield bonus.

        12 is the Dodge the text gives a Grapple (a tangle of bodies that is easy to
        hit); a lone creature dodging freely should not be easier to hit than that.
        """
        return 12 + self.agility + self.dodge_bonus


class D20Data:
    """All d20 definitions, cross-checked: every template's weapons exist."""

    def __init__(self, folder: Path = HERE, custom: "CustomUnits | None" = None) -> None:
        self.weapons = load_table(folder / "weapons.toml", Weapon)
        self.templates, where = with_custom(load_table(folder / "units.toml", UnitTemplate),
                                            folder / "units.toml", UnitTemplate, custom)
        for t in self.templates.values():
            for w in t.weapons:
                if w not in self.weapons:
                    raise DataError(where(t.id), f"[{t.id}] weapons: unknown weapon {w!r}")
        self.by_archetype: dict[str, str] = {}
        for t in self.templates.values():
            self.by_archetype.setdefault(t.archetype, t.id)


def shared_data(folder: Path = HERE, custom: "CustomUnits | None" = None) -> D20Data:
    """The definitions for `folder`, parsed once while its files are unchanged (a battle
    starts in a few milliseconds less; the tables are frozen models, never changed)."""
    def read() -> D20Data:
        data = D20Data(folder, custom)
        # Shared by every battle: read-only, so no battle can change another's tables.
        data.weapons = MappingProxyType(data.weapons)
        data.templates = MappingProxyType(data.templates)
        data.by_archetype = MappingProxyType(data.by_archetype)
        return data
    return kept_data(D20Data, [folder / "weapons.toml", folder / "units.toml"], custom, read)
