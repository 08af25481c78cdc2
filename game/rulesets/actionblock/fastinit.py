"""A faster `__init__` for the ruleset's frozen dataclasses (speed only).

A frozen dataclass's generated `__init__` sets each field through
`object.__setattr__`, one call per field: an attack's profile (20 fields) took about
10 µs to build, and a battle builds hundreds of profiles and log events. This
`__init__` takes the same parameters (the same defaults) and fills the instance's
`__dict__` at once. Everything else stays the dataclass's own: equality, hashing,
repr, the refusal to change a field afterwards, `dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import MISSING, fields


def fast_init(cls: type) -> type:
    """Give the frozen dataclass `cls` the fast `__init__` (returned unchanged when it
    has a field outside `__init__`, a keyword-only field or a `__post_init__`)."""
    fs = fields(cls)
    if hasattr(cls, "__post_init__") or any(not f.init or f.kw_only for f in fs):
        return cls
    scope: dict = {"_MISSING": MISSING}
    params, lines = [], []
    for f in fs:
        if f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            lines.append(f"    if {f.name} is _MISSING:\n        {f.name} = _factory_{f.name}()\n")
        else:
            params.append(f.name)
    values = ", ".join(f"{f.name!r}: {f.name}" for f in fs)
    source = (f"def __init__(self, {', '.join(params)}):\n" + "".join(lines)
              + f"    self.__dict__.update({{{values}}})\n")
    exec(source, scope)  # noqa: S102 - built from the class's own field names
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls
