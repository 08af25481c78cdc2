"""Per-ruleset words for the window: the first-turn hint in the preview panel and the
one-page "how this ruleset plays" card (F2). Written from the rule texts' digest
(/work/shared/rules/DIGEST.md); the window never guesses a ruleset's flow elsewhere."""

from __future__ import annotations

#: The preview panel's hint while nothing is hovered, per ruleset (None: the generic one).
FIRST_HINT: dict[str, list[str]] = {
    "d20": ["4 Actions a turn: Move costs 1 (split it around other actions), an attack 2.",
            "Hover a tinted tile for the path, its cost and who could shoot you there.",
            "Hover an enemy for your exact odds; click it to attack."],
    "mahou": ["Each round: 1 primary and 1 offhand hand action, 1 speak, AGI move actions.",
              "Hover a tinted tile for the path and who could shoot you there.",
              "Hover an enemy for your odds; pick stance and hand above the bar."],
    "fivebyfive": ["Move up to your initiative in tiles, then one Offensive Action (it ends the turn).",
                   "Strike is for an adjacent enemy, Aim for a distant one, Focus for any you see.",
                   "Hover an enemy for your odds: a hit costs it one ability point."],
    "actionblock": ["Actions spend Strength and Speed points: Sidestep and Charge move you,",
                    "Turn changes your facing. Attacks cost Strength; hover an enemy for odds.",
                    "End Turn keeps the rest of your points for blocks and dodges."],
    "fate": ["Everyone declares 2 actions, slowest first; then it all happens at once.",
             "Hover a tile to plan a move, an enemy for your odds where it will be.",
             "Moves resolve first (fastest first), then attacks, then wounds."],
}

#: The "how this ruleset plays" card: (title, points). Each point is whole: the card
#: wraps it to its width (points broken by hand mid-sentence read "first range / band
#: only" at 1920x1080).
HOW_IT_PLAYS: dict[str, tuple[str, list[str]]] = {
    "d20": ("d20 modern firearms", [
        "Initiative: d20 + Agility once, for the whole battle; ties between sides of the same kind reroll.",
        "A turn: 4 Actions and 1 Reaction (used outside your turn). Move = 1 Action, split freely.",
        "Attack: 2 Actions, d20 + modifiers against the target's Dodge. Single shot, burst (+3, first "
        "range band only), double burst (+6). Suppressing fire: 4 Actions + Reaction, a cone that pins.",
        "Moving next to an enemy gives a free melee attack that starts a Grapple.",
        "Cover on the line of fire makes you harder to hit (the shields on the tiles you can reach); "
        "concealment limits hit locations.",
        "A unit at 0 HP is out of the fight. The last side standing wins."]),
    "mahou": ("Mahou Galaxy (MSF High)", [
        "Initiative is rolled every round (Accuracy, keep lower); everyone acts from highest to lowest, "
        "then every 10 points above 10 gives a partial turn with a refund of one kind of action.",
        "A round's actions: 1 primary hand, 1 offhand, 1 speak, and AGI move actions. Any can be held.",
        "Attacks roll a skill's dice (exploding) against the defender's Passive / Spot / Active defence.",
        "Spot and Active defences (block, parry, dodge) are reactions paid from unspent actions. Active "
        "ones are declared before the roll; spot ones are asked after it, only if it hits.",
        "Stance (fast, precise, strong) trades speed for accuracy or damage."]),
    "fivebyfive": ("5x5 (Xceptional RPG)", [
        "Initiative 1d5, rolled every round; a turn is a move (up to the roll in tiles, at least 1), "
        "then at most one Offensive Action, which ends the turn: Strike (adjacent), Aim (distant, "
        "in sight), Focus (any visible).",
        "The roll is 5x5 dice against rank × ability.",
        "A hit costs one ability point; the defender may Control it (it chooses the ability) or "
        "Block it (doubles). Doubles on the attack: a Double Hit.",
        "An ability at 0: Unconscious; two at 0 or one below 0: Dead. Two points off one ability in "
        "one action: knocked out."]),
    "actionblock": ("Action Block (Miridon Hunters)", [
        "An Action Block: everyone acts in Speed order; actions spend Strength and Speed points.",
        "Movement: Sidestep, Fast Sidestep, Charge, Fast Charge, Turn (facing), Teleport.",
        "Attacks: melee, gun and aimed shots roll 2d6 + bonus against Evasion (shotguns 1d6 a pellet); "
        "a 12 that hits is a critical.",
        "Blocks and dodges are reactions paid from points kept back.",
        "Facing matters: attacks from the side or back are easier. HP 0: out of the fight."]),
    "fate": ("4dF (Enter the Machine)", [
        "Each turn everyone rolls initiative (4dF + Reaction) and declares 2 actions, slowest first: "
        "faster units see what slower ones declared.",
        "Then all actions happen together: moves first (fastest first), then attacks against where "
        "units ended up, then wounds.",
        "An attack is 4dF + Attack against 4dF + Defense; the margin and the weapon make the wound: "
        "Scratch, Hurt, Very Hurt, Incapacitated. Filled boxes roll up to the next level."]),
}


def first_hint(ruleset_id: str) -> list[str] | None:
    return FIRST_HINT.get(ruleset_id)


def how_it_plays(ruleset_id: str, name: str = "") -> tuple[str, list[str]]:
    return HOW_IT_PLAYS.get(ruleset_id, (name or ruleset_id, ["No summary for this ruleset yet."]))
