"""Keep a page's start short: imports that cost seconds and that no page uses are deferred.

plotly's FigureWidget imports nbformat (for its notebook renderers), nbformat imports
jsonschema, and jsonschema imports `rfc3987_syntax` for one optional format check ("iri").
That import builds a parser from a grammar each time: 2 s on a quiet machine, up to 9 s on a
busy one, in every kernel that draws a board, for a check no page ever runs. Until something
calls it, a stand-in module answers instead; its one function (the name jsonschema takes)
imports the real module on first use, so behaviour is unchanged.
"""
from __future__ import annotations

import importlib.util
import sys
import types

SLOW = "rfc3987_syntax"


def _real():
    if isinstance(sys.modules.get(SLOW), _Deferred):
        del sys.modules[SLOW]
    # imported by name, not computed: the static site reads what pages may import
    # (scripts/page_imports.py), and a computed name would count as any module at all
    try:
        import rfc3987_syntax as real  # type: ignore[import-untyped]
    except ImportError as e:  # uninstalled since the stand-in was put in place
        raise AttributeError(f"{SLOW} is no longer installed") from e
    return real


class _Deferred(types.ModuleType):
    def __getattr__(self, name):  # any other name: the real module (not the import system's probes)
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_real(), name)


def _is_valid_syntax(*args, **kwargs):
    return _real().is_valid_syntax(*args, **kwargs)


def defer_slow_imports() -> None:
    """Put the stand-in in place, unless the real module is loaded already or absent."""
    if SLOW in sys.modules or importlib.util.find_spec(SLOW) is None:
        return
    stub = _Deferred(SLOW, "stand-in until first use (widgets._startup)")
    setattr(stub, "is_valid_syntax", _is_valid_syntax)  # noqa: B010 (a module attribute made at run time)
    sys.modules[SLOW] = stub
