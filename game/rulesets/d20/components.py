"""d20 components: plain values only. Definitions are referenced by id."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Soldier:
    """Which unit template this is (its stats never change in play)."""

    template: str


@dataclass
class Health:
    """Hit points; at 0 or below the unit is incapacitated."""

    hp: int
    max_hp: int


@dataclass
class TurnState:
    """The turn currency: Actions left, the Reaction, and movement already paid for.

    `move_left_ft` is what remains of the last Move Action, so movement can be split
    around other actions (rule text: "movement may be split").
    """

    actions: int = 0
    reaction: bool = True
    move_left_ft: int = 0
    moved_near: tuple[int, ...] = ()  # units newly within 5 ft after this turn's last move
    free_strike_used: bool = False
    turns_ended: int = 0
    in_turn: bool = False
    suppression_results: dict[int, str] = field(default_factory=dict)  # zone -> result
    suppression_paid: set[int] = field(default_factory=set)  # zones whose partial damage is taken
    must_leave: bool = False  # failed the start-of-turn save: must move out of the fire


@dataclass
class Loadout:
    """Weapons carried, which one is in hand (None: empty-handed), rounds loaded."""

    weapons: list[str]
    held: str | None
    loaded: dict[str, int]
    spare_magazines: int
    manacles: int


@dataclass
class Afflictions:
    """Hit-location and critical effects, each with how long it lasts.

    An `*_until` value is the owner's `turns_ended` count at which the effect ends;
    None when absent. A `*_until_check` effect lasts until a DC 15 Body check passes.
    """

    stunned_until: int | None = None
    arm_until: int | None = None
    arm_until_check: bool = False
    leg_until: int | None = None
    leg_until_check: bool = False

    @property
    def stunned(self) -> bool:
        return self.stunned_until is not None

    @property
    def arm_penalty(self) -> bool:
        return self.arm_until is not None or self.arm_until_check

    @property
    def legs_hurt(self) -> bool:
        return self.leg_until is not None or self.leg_until_check


@dataclass
class Restraint:
    """Restrained by `by` (None once manacled: held by the manacles themselves)."""

    by: int | None
    manacled: bool = False


@dataclass
class Restraining:
    """This unit is holding `target` restrained."""

    target: int


@dataclass
class Spotted:
    """The enemy teams that know where this unit is (saw it move in, or see it now)."""

    by_teams: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class SuppressionZone:
    """A cone of suppressing fire, until the start of the shooter's next turn."""

    shooter: int
    weapon: str
    tiles: frozenset[tuple[int, int]]
    dc: int


@dataclass(frozen=True)
class DroppedWeapon:
    """A weapon lying on a tile (knocked away by a Disarm), with its rounds."""

    weapon: str
    loaded: int
