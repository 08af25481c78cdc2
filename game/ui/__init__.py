"""The game window (pygame-ce). Nothing below this package imports pygame."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the terminal
