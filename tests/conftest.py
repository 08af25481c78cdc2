"""Shared test setup: no window, no sound, and small maps drawn in ASCII."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
