"""The one thing pyproject.toml does not say: the movement search's compiled kernel
(game/world/_search.c, plain CPython C API; game/world/paths.py calls it). Every
install builds it (editable, `pip install .`, the wheel, .ci/run), and there is no
fallback: a machine without a C compiler and Python's headers cannot install the game
from source. (Here rather than pyproject's `ext-modules` table, which setuptools still
calls experimental.)"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("game.world._search", ["game/world/_search.c"])])
