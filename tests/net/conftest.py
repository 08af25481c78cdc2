"""Network tests: loopback only (127.0.0.1), every battle small and bounded in time."""

import pytest

pytest.importorskip("websockets")  # a venv without the network extra skips these
