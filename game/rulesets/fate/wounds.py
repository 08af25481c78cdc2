"""Damage: the damage value's wound level, and the damage-capacity track [REC damage-capacity].

Rule text: "A hit by 1 or less is a Scratch. A hit by 2 or 3 Hurts the defender. A hit
by 4 or 5 leaves the defender Very Hurt. A hit by 6 or more leaves the defender
Incapacitated." The damage-capacity page gives the track of a character without
FOCUS: 5 Scratch boxes, 2 Hurt, 1 Very Hurt, 1 Incapacitated, with its roll-ups, and
Dying / Dead after that. Everything here is pure: the exact odds replay it on copies.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

SCRATCH, HURT, VERY_HURT, INCAPACITATED = "Scratch", "Hurt", "Very Hurt", "Incapacitated"
LEVELS = (SCRATCH, HURT, VERY_HURT, INCAPACITATED)
BOXES = {SCRATCH: 5, HURT: 2, VERY_HURT: 1, INCAPACITATED: 1}
FIELD = {SCRATCH: "scratch", HURT: "hurt", VERY_HURT: "very_hurt", INCAPACITATED: "incapacitated"}
NEXT = {SCRATCH: HURT, HURT: VERY_HURT, VERY_HURT: INCAPACITATED}
# Scratches it takes, from an empty track, to fill a box of each level by roll-ups:
# the 6th Scratch makes a Hurt, the 3rd Hurt a Very Hurt, the 2nd Very Hurt Incapacitated.
SCRATCH_WORTH = {SCRATCH: 1, HURT: 6, VERY_HURT: 18, INCAPACITATED: 36}
DYING_RECHECK = 5  # "a Toughness check at +5 over the current difficulty"


def wound_level(value: int) -> str:
    """The wound a hit's damage value deals. Any hit is at least a Scratch ("1 or less")."""
    if value <= 1:
        return SCRATCH
    if value <= 3:
        return HURT
    if value <= 5:
        return VERY_HURT
    return INCAPACITATED


@dataclass
class WoundTrack:
    """Marked boxes of the damage-capacity track, and Dying / Dead beyond it.

    `dying_difficulty` is the difficulty of the Dying character's next Toughness check:
    Fair (0) for the first, +1 for each turn after.
    """

    scratch: int = 0
    hurt: int = 0
    very_hurt: int = 0
    incapacitated: int = 0
    dying: bool = False
    dying_difficulty: int = 0
    dead: bool = False

    @property
    def out(self) -> bool:
        """Incapacitated (or worse): helpless, out of the fight."""
        return self.incapacitated > 0 or self.dying or self.dead

    def state(self) -> str:
        if self.dead:
            return "Dead"
        if self.dying:
            return "Dying"
        if self.incapacitated:
            return INCAPACITATED
        if self.very_hurt:
            return VERY_HURT
        if self.hurt:
            return HURT
        if self.scratch:
            return SCRATCH
        return "Unhurt"

    def summary(self) -> str:
        return (f"Scratch {self.scratch}/5, Hurt {self.hurt}/2, Very Hurt {self.very_hurt}/1, "
                f"Incapacitated {self.incapacitated}/1")

    def copy(self) -> "WoundTrack":
        return replace(self)


def wound_penalty(track: WoundTrack) -> tuple[str, int] | None:
    """[REC] Hurt: −1 on every roll; Very Hurt: −2, replacing Hurt's −1. Several do not stack."""
    if track.very_hurt:
        return (VERY_HURT, -2)
    if track.hurt:
        return (HURT, -1)
    return None


@dataclass(frozen=True)
class Marked:
    """What one wound did to the track."""

    steps: tuple[str, ...]  # each box marked or rolled up, in order
    incapacitated: bool  # the Incapacitated box was marked now
    dying: bool  # became Dying now (Incapacitated on top of Incapacitated)
    recheck: bool  # was already Dying and was Hurt / Very Hurt / Incapacitated again


def mark(track: WoundTrack, level: str) -> Marked:
    """Mark one wound, rolling up full levels ([PROP] a wound marks a box of its own
    level; a full level is erased and one wound of the next level marked instead)."""
    was_dying = track.dying
    steps: list[str] = []
    incapacitated = dying = recheck = False
    hurt_or_worse = False
    while True:
        if level != SCRATCH:
            hurt_or_worse = True
        field = FIELD[level]
        filled = getattr(track, field)
        if filled < BOXES[level]:
            setattr(track, field, filled + 1)
            steps.append(f"{level} box marked ({filled + 1}/{BOXES[level]})")
            incapacitated = level == INCAPACITATED
            break
        if level == INCAPACITATED:
            # Incapacitated + another Incapacitated → Dying (already Dying: a recheck).
            if not track.dying:
                track.dying = True
                track.dying_difficulty = 0
                dying = True
                steps.append("Incapacitated again: Dying")
            else:
                steps.append("Incapacitated again while Dying")
            break
        setattr(track, field, 0)
        steps.append(f"{level} boxes full: erased, rolls up to {NEXT[level]}")
        level = NEXT[level]
    # [REC] "If a Dying character is Hurt, Very Hurt or Incapacitated again": a roll-up
    # that reaches Hurt counts as being Hurt [PROP]; a lone Scratch does nothing more.
    recheck = was_dying and hurt_or_worse
    return Marked(tuple(steps), incapacitated, dying, recheck)


def scratch_value(track: WoundTrack) -> int:
    """The track's fill in Scratches (0 fresh .. 36 Incapacitated), for health bars."""
    if track.out:
        return SCRATCH_WORTH[INCAPACITATED]
    return (track.scratch + SCRATCH_WORTH[HURT] * track.hurt
            + SCRATCH_WORTH[VERY_HURT] * track.very_hurt)
