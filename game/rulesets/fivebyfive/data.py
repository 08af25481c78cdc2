"""5x5 definitions: the three Ability Scores, the six Combat Ranks, unit templates.

The rule text (rules/five-by-five.txt) has no weapons or armour: a figure fights with
its Combat Ranks and Ability Scores alone. Equipment (the book's Appendix A) was not
recovered, so a template names what it strikes, aims and focuses with only for the
log; those names change no number.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.errors import DataError
from game.rulesets.data import kept_data, load_table, with_custom

if TYPE_CHECKING:
    from game.custom_units import CustomUnits

HERE = Path(__file__).parent

#: The three Ability Scores [REC "More Rules Xcerpts"], in the order the window lists them.
ABILITIES = ("rage", "grace", "precognition")
ABILITY_NAMES = {"rage": "Rage", "grace": "Grace", "precognition": "Precognition"}

#: Offensive Actions and the Defensive Action that must answer each (rule text:
#: "Use Parry to Control the Hit from a Strike attack", Dodge for Aim, Resist for Focus).
OFFENSIVE = ("strike", "aim", "focus")
DEFENCE_FOR = {"strike": "parry", "aim": "dodge", "focus": "resist"}

#: "Ability Score relative to the Combat Rank": the text gives Strike x Rage and
#: Resist x Precognition; the class pages pair the rest [REC, digest 1.2].
ABILITY_FOR = {"strike": "rage", "parry": "rage", "aim": "grace", "dodge": "grace",
               "focus": "precognition", "resist": "precognition"}
RANKS = ("strike", "parry", "aim", "dodge", "focus", "resist")
RANK_NAMES = {r: r.capitalize() for r in RANKS}

#: Focus cannot be used unskilled [REC "Combat Classes and Ranks"].
NEVER_UNSKILLED = frozenset({"focus"})

#: Rank descriptors of the book [REC]: an Ability Score of 1..4.
ABILITY_RANGE = (1, 4)
#: Combat Ranks 1..4, 0 meaning Unskilled [REC: "work exactly like Skill Ranks"].
RANK_RANGE = (0, 4)


class UnitTemplate(BaseModel):
    """A kind of figure: its class, Ability Scores and Combat Ranks (0 = Unskilled)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    archetype: Literal["brawler", "gunner", "marksman", "guardian", "scout"]
    #: Points (issue 29): fitted by play with `python -m game price`, never guessed; None until priced.
    cost: int | None = Field(None, ge=1, le=10_000)
    combat_class: Literal["Brawler", "Shooter", "Mentalist"]
    rage: int = Field(ge=ABILITY_RANGE[0], le=ABILITY_RANGE[1])
    grace: int = Field(ge=ABILITY_RANGE[0], le=ABILITY_RANGE[1])
    precognition: int = Field(ge=ABILITY_RANGE[0], le=ABILITY_RANGE[1])
    strike: int = Field(ge=RANK_RANGE[0], le=RANK_RANGE[1])
    parry: int = Field(ge=RANK_RANGE[0], le=RANK_RANGE[1])
    aim: int = Field(ge=RANK_RANGE[0], le=RANK_RANGE[1])
    dodge: int = Field(ge=RANK_RANGE[0], le=RANK_RANGE[1])
    focus: int = Field(ge=RANK_RANGE[0], le=RANK_RANGE[1])
    resist: int = Field(ge=RANK_RANGE[0], le=RANK_RANGE[1])
    strikes_with: str = "fists"
    aims_with: str = "thrown debris"
    focuses_with: str = ""

    @model_validator(mode="after")
    def _focus_needs_a_power(self) -> "UnitTemplate":
        if self.focus > 0 and not self.focuses_with:
            raise ValueError("a figure with a Focus rank needs focuses_with (the power it focuses)")
        return self

    def ability(self, name: str) -> int:
        return getattr(self, name)

    def rank(self, name: str) -> int:
        return getattr(self, name)

    @property
    def abilities(self) -> dict[str, int]:
        return {a: self.ability(a) for a in ABILITIES}


class FiveByFiveData:
    """All 5x5 definitions, validated; read-only (`shared_data` hands one to every battle)."""

    def __init__(self, folder: Path = HERE, extra: tuple[UnitTemplate, ...] = (),
                 custom: "CustomUnits | None" = None) -> None:
        path = folder / "units.toml"
        templates, _ = with_custom(load_table(path, UnitTemplate), path, UnitTemplate, custom)
        templates.update((t.id, t) for t in extra)
        self.templates: Mapping[str, UnitTemplate] = MappingProxyType(templates)
        by_archetype: dict[str, str] = {}
        for t in templates.values():
            by_archetype.setdefault(t.archetype, t.id)
        self.by_archetype: Mapping[str, str] = MappingProxyType(by_archetype)
        missing = {"brawler", "gunner", "marksman", "guardian", "scout"} - set(self.by_archetype)
        if missing:
            raise DataError(path, f"no template for archetype(s) {', '.join(sorted(missing))}")


def shared_data(folder: Path = HERE, custom: "CustomUnits | None" = None) -> FiveByFiveData:
    """The definitions read once per process while units.toml is unchanged, shared
    read-only by every battle (nothing in play changes a definition)."""
    return kept_data(FiveByFiveData, [folder / "units.toml"], custom, lambda: FiveByFiveData(folder, custom=custom))
