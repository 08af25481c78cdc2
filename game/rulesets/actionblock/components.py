"""Action Block components: plain values only. Definitions are referenced by id."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Fighter:
    """Which unit template this is (its definition never changes in play)."""

    template: str


@dataclass
class Points:
    """Maximum Battle and Current Strength / Speed Points.

    The maxima are fixed at the start of battle (Maximum Strength − Total Equipment
    Weight, Maximum Speed − the armour's Speed Point Reduction); the current values
    are spent by actions and come back only through the Restore actions.
    """

    max_strength: int
    max_speed: int
    strength: int
    speed: int


@dataclass
class Health:
    """Current and Maximum Health Points; `dead` once hit again while Unconscious."""

    hp: int
    max_hp: int
    unconscious: bool = False
    dead: bool = False


@dataclass
class Defences:
    """Physical Damage Reduction (undamaged and current: drills lower the current
    value, which regenerates 1 per Turn) and Spell Damage Reduction."""

    pdr_full: int
    pdr: int
    spell_dr: int


@dataclass
class Stance:
    """A Block-family stance: `level` 1 Block, 2 Heavy Block, 3 Super Block (0 none);
    `shield` the shield item added by Shield Block. [PROP] it stops one blow: it ends
    when the first attack that hits the blocker has dealt its damage, or at the start
    of the blocker's next Turn, whichever comes first."""

    level: int = 0
    shield: str | None = None


@dataclass
class Loadout:
    """Wielded items: item key → weapon id, and the rounds loaded in each gun."""

    items: dict[str, str]
    loaded: dict[str, int] = field(default_factory=dict)


@dataclass
class TurnState:
    """What this unit has done in the current Action Block.

    One Offensive, one Movement and one Verbal action per Turn (their keys once
    used); `charge` is 1 after a Charge, 2 after a Fast Charge (added weapon weights);
    `second_ready` the item whose attack may be followed by a Second Attack now.
    `offensive_by_block` remembers the last blocks' Offensive Actions (Melee Combo),
    `last_acted_block` the last block with any Offensive, Movement, Verbal or
    Defensive action (Steady Shot Bonus). `restored`: "strength" / "speed" → the last
    Action Block a Restore of that kind was taken ([PROP] house rule: not two blocks
    running).
    """

    block: int = 0
    in_turn: bool = False
    offensive: str | None = None
    movement: str | None = None
    verbal: str | None = None
    charge: int = 0
    second_ready: str | None = None
    second_used: bool = False
    shield_used: bool = False
    block_facing: tuple[int, int] = (0, 1)
    offensive_by_block: dict[int, str] = field(default_factory=dict)
    last_acted_block: int = -1  # never
    restored: dict[str, int] = field(default_factory=dict)


@dataclass
class Ghost:
    """Maximum and Current Ghost HP (spells and insanity)."""

    max_ghost: int
    ghost: int


@dataclass
class Casting:
    """The Spell Casting Stance: a spell under way.

    `target` is a unit id (or None for a self / burst spell) and `aim` the tile the
    spell was aimed at; `spell_ghost` the Spell Ghost HP still holding it together.
    """

    spell: str
    target: int | None
    aim: tuple[int, int] | None
    spell_ghost: int
    remaining: int
    cast_block: int
    echo: bool = False


@dataclass
class LastActivation:
    """The spell this unit last activated, for Echo Spell in the same Action Block."""

    spell: str
    spell_ghost: int
    block: int


@dataclass
class Barrier:
    """A Spell Barrier: absorbs `left` spell or elemental damage until block `until`."""

    left: int
    until: int


@dataclass
class Conditions:
    """Lasting effects from Charisma Skills and insanity.

    `stunned`: Turns still to lose. `stun_guard`: Turns it must still take before a
    Stunning Scream can stun it again ([PROP] house rule). `taunted_by`: its next Turn's attacks must be at
    that unit. `marked`: team → (bonus, strategist) from Battle Strategy, until the
    strategist's next Turn.
    `fooled`: enemy units that lost track of this unit (Stealth). `lasting`: insanity
    effects kept for the story.
    """

    stunned: int = 0
    stun_guard: int = 0
    taunted_by: int | None = None
    marked: dict[int, tuple[int, int]] = field(default_factory=dict)
    fooled: set[int] = field(default_factory=set)
    lasting: list[str] = field(default_factory=list)
    turns_taken: int = 0
