"""What a reaction answers, in words: the Incoming panel's lines built from a decision's
context (the ruleset's keys) without the machinery a player cannot read (trigger,
phase, empty rolls), with the per-answer chances gathered one line per answer."""

from __future__ import annotations

from game.ui import theme

#: Keys that are the engine's bookkeeping, never shown.
HIDDEN = frozenset({"trigger", "phase", "roll", "needed_from", "before"})
UNIT_KEYS = frozenset({"attacker", "target", "unit", "defender", "actor", "mover"})
#: Keys whose whole-number value is a unit (read as its name); any other number is a
#: number (a count of bullets is not unit 1).
NAMED = UNIT_KEYS | frozenset({"holder", "held", "drawn_to", "grappler", "shooter", "by", "seeker",
                               "leaver", "other", "owner"})
#: Per-answer figures: key prefix -> how the line says it.
PER_ANSWER = (("hit_", "hit"), ("expected_damage_", "avg dmg"), ("drop_chance_", "drop"))
WORDS = {"hits": "Hits", "criticals": "Criticals", "needed": "Needs", "stance": "Their stance",
         "mode": "Attack", "action": "Their action", "cover": "Cover", "at": "From", "to": "To",
         "roll_text": "Their roll"}


def answer_name(key: str) -> str:
    return key.replace("_", " ")


def context_lines(ctx: dict, units: dict) -> list[tuple[str, tuple]]:
    """(text, colour) lines for the Incoming panel."""
    out: list[tuple[str, tuple]] = []
    answers: dict[str, list[str]] = {}
    for k, v in ctx.items():
        if k in HIDDEN or k in UNIT_KEYS or v in (None, "", "None"):
            continue
        matched = False
        for prefix, word in PER_ANSWER:
            if k.startswith(prefix) and isinstance(v, (int, float)):
                answers.setdefault(k[len(prefix):], []).append(_figure(word, v))
                matched = True
            elif k == prefix.rstrip("_") and isinstance(v, dict):
                for a, x in v.items():
                    if isinstance(x, (int, float)):
                        answers.setdefault(str(a), []).append(_figure(word, x))
                matched = True
        if matched:
            continue
        if k in ("bullet", "bullets"):
            # a shotgun's bullets are dodged one by one: "Bullet 2 of 3"; one bullet says nothing
            n = ctx.get("bullets")
            if k == "bullet" and isinstance(n, int) and n > 1:
                out.append((f"Bullet {v} of {n}", theme.TEXT))
            continue
        if k == "needed":
            src = ctx.get("needed_from")
            out.append((f"Needs {v}" + (f" ({src})" if src else ""), theme.TEXT))
        elif k == "cover" and v in (0, "0", "none"):
            continue
        elif k == "mode" and v == "weapon":
            continue
        elif k == "roll_text":
            out.append((f"Their roll: {v}", theme.TEXT))
        elif k == "expected_damage" and isinstance(v, (int, float)):
            out.append((f"Avg damage {v:.1f}", theme.TEXT))
        else:
            out.append((f"{WORDS.get(k, k.replace('_', ' ').capitalize())}: {_value(v, units, k in NAMED)}",
                        theme.TEXT))
    for a, figs in answers.items():
        out.append((f"If {answer_name(a)}: " + " · ".join(figs), theme.ACCENT if a == "passive" else theme.TEXT))
    return out


def _figure(word: str, v: float) -> str:
    if word in ("hit", "drop"):
        return f"{word} {theme.percent(float(v))}"
    return f"{word} {float(v):.1f}"


def _value(v, units, named: bool = False) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if named and isinstance(v, int) and v in units:
        return units[v].name
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    if isinstance(v, (list, tuple)) and all(isinstance(x, int) for x in v) and len(v) == 2:
        return f"({v[0]}, {v[1]})"
    if isinstance(v, dict):
        return " · ".join(f"{str(k).replace('_', ' ')} {_value(x, units, named)}" for k, x in v.items())
    return str(v).replace("_", " ")
