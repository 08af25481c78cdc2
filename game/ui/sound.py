"""Short sound effects, made here with numpy (no files, nothing to license): a step
for a move, a crack for a shot, a thud for a hit, a whoosh for a miss, a bright
two-tone for a critical, a soft chime when a person's turn starts.

Silent, without complaint, when there is no audio device (or pygame's mixer cannot
start); volume 0–100 and mute come from the settings.
"""

from __future__ import annotations

RATE = 22050


def _env(n: int, attack: float = 0.005, decay: float = 8.0) -> np.ndarray:
    import numpy as np   # (imported late: the first menu frame does not wait)
    t = np.arange(n) / RATE
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    return a * np.exp(-decay * t)


def _tone(freq: float, seconds: float, decay: float = 8.0) -> np.ndarray:
    import numpy as np   # (imported late: the first menu frame does not wait)
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    return np.sin(2 * np.pi * freq * t) * _env(n, decay=decay)


def _noise(seconds: float, decay: float, seed: int, lowpass: int = 1) -> np.ndarray:
    import numpy as np   # (imported late: the first menu frame does not wait)
    n = int(RATE * seconds)
    x = np.random.default_rng(seed).uniform(-1, 1, n)   # fixed seed: the same sound every time
    if lowpass > 1:
        x = np.convolve(x, np.ones(lowpass) / lowpass, mode="same")
    return x * _env(n, decay=decay)


def waves() -> dict[str, np.ndarray]:
    """Each effect as floats in -1..1 (mono)."""
    import numpy as np   # (imported late: the first menu frame does not wait)
    return {
        "move": 0.35 * _noise(0.07, 45, 1, lowpass=12),
        "shot": 0.8 * _noise(0.16, 30, 2, lowpass=2) + 0.3 * _tone(110, 0.16, 25),
        "hit": 0.7 * _tone(90, 0.18, 18) + 0.3 * _noise(0.18, 25, 3, lowpass=20),
        "miss": 0.3 * _noise(0.25, 10, 4, lowpass=40) * np.linspace(0.2, 1, int(RATE * 0.25)),
        "critical": np.concatenate([0.5 * _tone(660, 0.09, 12), 0.5 * _tone(990, 0.16, 10)]),
        "turn": np.concatenate([0.35 * _tone(523, 0.12, 10), 0.35 * _tone(784, 0.22, 7)]),
    }


#: Which effect an event plays (by the event's class name and fields).
def effect_of(event) -> str | None:
    kind = type(event).__name__
    if kind == "Moved":
        return "move"
    if getattr(event, "critical", False) and getattr(event, "hit", False):
        return "critical"
    if hasattr(event, "hit") and hasattr(event, "attacker"):
        return "shot" if event.hit else "miss"
    if kind in ("Damaged", "OutOfFightEvent"):
        return "hit"
    return None


class _quiet_stderr:
    """Send file descriptor 2 to /dev/null for a moment (C libraries write there)."""

    def __enter__(self):
        import os
        import sys
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except OSError:
            self.saved = None
        return self

    def __exit__(self, *exc):
        import os
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)
        return False


class Sounds:
    def __init__(self) -> None:
        self.ok = False
        self.sounds: dict = {}
        self.volume = 0.6
        self.muted = False

    def start(self) -> None:
        """Open the mixer and make the effects; on any failure stay silent."""
        if self.ok or self.sounds is None:
            return
        try:
            import pygame
            if not pygame.mixer.get_init():
                with _quiet_stderr():   # ALSA's probe prints a page of errors without a card
                    pygame.mixer.init(RATE, -16, 1, 512)
            freq, _, channels = pygame.mixer.get_init()
            import numpy as np
            out = {}
            for name, w in waves().items():
                pcm = (np.clip(w, -1, 1) * 32767).astype(np.int16)
                if channels > 1:
                    pcm = np.repeat(pcm[:, None], channels, axis=1)
                out[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
            self.sounds, self.ok = out, True
        except Exception:   # no device, no mixer, no sndarray: a silent game
            self.sounds, self.ok = None, False

    def configure(self, volume: int, muted: bool) -> None:
        self.volume = max(0, min(100, int(volume))) / 100
        self.muted = bool(muted)

    def play(self, name: str | None) -> bool:
        """Play an effect; False when silent (muted, volume 0, no device, unknown)."""
        if name is None or self.muted or self.volume <= 0:
            return False
        self.start()
        if not self.ok or name not in self.sounds:
            return False
        snd = self.sounds[name]
        snd.set_volume(self.volume)
        snd.play()
        return True


SOUNDS = Sounds()
