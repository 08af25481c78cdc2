"""Mahou components: plain values only. Definitions are referenced by id."""

from __future__ import annotations

from dataclasses import dataclass, field

#: The kinds of action (rule text: Primary hand, Offhand, Speak, Move), plus the
#: Escape actions a grapple converts the others into.
PRIMARY, OFFHAND, SPEAK, MOVE, ESCAPE = "primary", "offhand", "speak", "move", "escape"
KINDS = (PRIMARY, OFFHAND, SPEAK, MOVE, ESCAPE)
HANDS = (PRIMARY, OFFHAND)


@dataclass(frozen=True)
class Character:
    """Which unit template this is (its stats never change in play)."""

    template: str


@dataclass
class Health:
    """Hit points: above 0 fine, 0 to −Defense exhausted, below −Defense unconscious."""

    hp: int
    max_hp: int


@dataclass
class Pool:
    """A count of unspent actions of each kind."""

    primary: int = 0
    offhand: int = 0
    speak: int = 0
    move: int = 0
    escape: int = 0

    def get(self, kind: str) -> int:
        return getattr(self, kind)

    def add(self, kind: str, n: int) -> None:
        setattr(self, kind, getattr(self, kind) + n)

    def total(self) -> int:
        return self.primary + self.offhand + self.speak + self.move + self.escape

    def take_all(self) -> "Pool":
        out = Pool(self.primary, self.offhand, self.speak, self.move, self.escape)
        self.primary = self.offhand = self.speak = self.move = self.escape = 0
        return out

    def merge(self, other: "Pool") -> None:
        for kind in KINDS:
            self.add(kind, other.get(kind))


@dataclass
class Actions:
    """Where a unit's unspent actions are, and what its current turn has done.

    `turn`: usable now, in the unit's own turn. `held`: held actions, usable at any
    time before the unit's next full turn (rule text, "Hold"). `spare`: unspent and
    not held: usable only for active and spot defences (which may be taken at any
    time in the round "so long as the character has not used the actions for them").
    """

    turn: Pool = field(default_factory=Pool)
    held: Pool = field(default_factory=Pool)
    spare: Pool = field(default_factory=Pool)
    in_turn: str = ""  # "full", "partial", "held" while the unit is acting, else ""
    fast_refund_used: bool = False  # a fast critical refunds a hand "once per turn"
    spot_dodged: bool = False  # Spot Dodge: moves spent "each turn to dodge a single incoming attack"
    lost: list[str] = field(default_factory=list)  # taken by precise criticals: lost when next granted
    stand_paid: int = 0  # move actions already spent toward standing up
    run: tuple[int, int, int] = (0, 0, 0)  # (dx, dy, steps) of the straight run just made


@dataclass
class Initiative:
    """This round's initiative: as rolled, and as left after the −10 steps."""

    rolled: int
    current: int


@dataclass
class Loadout:
    """What the hands hold (item ids; a two-handed weapon fills both), stowed weapons, armour."""

    main: str | None
    off: str | None
    carried: list[str]
    armour: str | None


@dataclass
class Soak:
    """This round's soak pool: None until the first damage of the round rolls it."""

    pool: int | None = None
    rolled: int = 0


@dataclass
class ActiveDefences:
    """Active Block / Parry / Dodge results replacing the passive ones until the
    start of the unit's next full turn (None: not raised)."""

    block: int | None = None
    parry: int | None = None
    dodge: int | None = None


@dataclass
class PreciseHits:
    """Hands disabled by precise criticals this round (two-handed weapons drop only
    when every hand holding them is disabled in a single round)."""

    hands: int = 0


@dataclass(frozen=True)
class Hold:
    """A grapple hold (its own entity): who holds whom, from which stance, how hard."""

    holder: int
    held: int
    stance: str
    difficulty: int
    pinned: bool = False


@dataclass
class HoldUpkeep:
    """On a holder: whether a hand action went to its holds during this full turn."""

    done: bool = True


@dataclass
class EscapeBonus:
    """+5 on the next escape check after a failed throw (rule text, throwing)."""

    bonus: int = 5


@dataclass
class Distraction:
    """One distraction suffered: its kind, who caused it, and its penalty now.

    General: lasts until the end of the distractee's next full turn (`until_turns`
    counts its full turns). Infatuate / Infuriate / Intimidate: the penalty drops by
    2 each round; at 10 or more the distractee is smitten / enraged / terrified.
    """

    kind: str
    source: int
    penalty: int
    state: str = ""  # "smitten", "enraged", "terrified" or ""
    full_turns_left: int = 0
    bait: str = ""  # stance the enraged distractee was baited into using
    demand: str = ""  # what the distractor demanded of a terrified or smitten one


@dataclass
class Distractions:
    """All the distractions on a unit; only the highest penalty counts."""

    entries: list[Distraction] = field(default_factory=list)


@dataclass
class Encounter:
    """Battle-wide counts (a singleton): distraction attempts made so far.

    `general_on[target]`: general distractions aimed at that character;
    `attempts[(distractor, kind)]`: that character's earlier attempts of that kind.
    """

    general_on: dict[int, int] = field(default_factory=dict)
    attempts: dict[tuple[int, str], int] = field(default_factory=dict)


@dataclass(frozen=True)
class DroppedItem:
    """A weapon, shield or armour lying on a tile (knocked or pulled away)."""

    item: str
    kind: str  # "weapon", "shield", "armour"
