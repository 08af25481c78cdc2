"""Rulebook Skirmish: five tabletop combat rulesets on Tiled maps."""

# The one place the version is written: pyproject.toml reads it (dynamic version),
# `skirmish --version` and every JSON or CSV output print it.
__version__ = "0.1.0"
