"""Rulebook Skirmish: five tabletop combat rulesets on Tiled maps."""
