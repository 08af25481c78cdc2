"""A unit template as the battle's unit card shows a unit (game/ui/hud.py's unit_card
takes plain data): its cost, key stats and weapons, read from the template's own fields,
so every ruleset's templates, the designer's own too, show without a card per ruleset."""

from __future__ import annotations

from typing import Any

from game.ui.snapshot import UnitView

#: Fields that name kit: shown as the items' names (a ruleset's weapons, armour, shields).
KIT = ("weapons", "main", "off", "carried", "held", "powers", "strikes_with", "aims_with",
       "focuses_with", "armour", "spells")
#: Fields the card does not list (shown elsewhere, or not a stat).
SKIP = {"id", "name", "archetype", "cost", "hp", "sex", "attracted_to"}


def item_name(data: Any, item: str) -> str:
    """An item's name in the ruleset's tables (weapons, shields, armour, spells), else
    the id in words (5x5's weapons are words already)."""
    for table in ("weapons", "shields", "armour", "armours", "spells"):
        entry = getattr(data, table, {}).get(item)
        if entry is not None:
            return getattr(entry, "name", item)
    return item.replace("_", " ")


def template_card(ruleset: Any, template_id: str, team: int = 1) -> tuple[UnitView, dict]:
    """The unit card's two halves for a template: the unit (name, side, hit points) and
    its values (cost, every stat, the kit by name), as the battle's card takes them."""
    t = ruleset.data.templates[template_id]
    fields = t.model_dump()
    hp = fields.get("hp") if isinstance(fields.get("hp"), int) else None
    unit = UnitView(0, t.name, team, (0, 0), hp, hp, True, "standing", t.archetype)
    card: dict = {"cost": "not priced" if t.cost is None else f"{t.cost} points", "archetype": t.archetype}
    kit: list[str] = []
    for key, value in fields.items():
        if key in SKIP or value in (None, "", (), [], {}):
            continue
        if key in KIT:
            items = value if isinstance(value, (list, tuple)) else [value]
            kit += [item_name(ruleset.data, str(v)) for v in items]
        else:
            card[key] = _in_words(value)
    card["kit"] = ", ".join(dict.fromkeys(kit)) or "none"
    card["conditions"] = [f"{t.archetype} · " + ("no cost yet" if t.cost is None else f"{t.cost} points")]
    return unit, card


def _in_words(value: Any) -> Any:
    """A template's ids in words, as the battle's card writes them: "martial arts 4",
    not "martial_arts 4" (its skills, facets: lists and tables of ids)."""
    if isinstance(value, dict):
        return {str(k).replace("_", " "): _in_words(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_in_words(v) for v in value]
    return value.replace("_", " ") if isinstance(value, str) else value


def key_stats(ruleset: Any, template_id: str, most: int = 4) -> str:
    """A template's first few whole-number stats, for a list row ("agility 2 · body 3")."""
    fields = ruleset.data.templates[template_id].model_dump()
    stats = [f"{k.replace('_', ' ')} {v}" for k, v in fields.items()
             if k not in SKIP and isinstance(v, int) and not isinstance(v, bool)]
    return " · ".join(stats[:most])


def row_line(ruleset: Any, template_id: str) -> str:
    """A template's line in the builder's list: its kit, then its first stats ("Infantry
    rifle, Service pistol · agility 1 · body 0 · ..."). The stats alone told a d20
    gunner from a marksman by agility and willpower, not by the gun each carries."""
    _, card = template_card(ruleset, template_id)
    kit = card["kit"] if card["kit"] != "none" else ""
    return " · ".join(part for part in (kit, key_stats(ruleset, template_id)) if part)
