"""The page's URL parameters, read from inside the kernel, so a link like
``explorer.ipynb?game=aw1.…`` opens that position.

- Voila puts the request into the kernel's environment (``QUERY_STRING``,
  ``SCRIPT_NAME``). With preheated kernels (voila.json) the notebook runs before
  the request comes, so the query is awaited in a background thread
  (`voila.utils.wait_for_request`) and handed over when it arrives: the page is
  drawn at once and the position follows.
- Under the static site (Voici, Pyodide) it is ``js.location.search``.
- Elsewhere (Jupyter, tests) there is none.
"""
from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from urllib.parse import parse_qs

from archwk.kit.codes import URL_PARAMETER


def _pyodide_query() -> str | None:
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to the page
    except ImportError:
        return None
    try:
        return str(js.location.search)
    except Exception:
        return None


def page_query() -> str | None:
    """The query string of the page now ('' if none), or None if not known yet
    (a preheated Voila kernel before its request) or not in a page."""
    if "QUERY_STRING" in os.environ:
        return os.environ["QUERY_STRING"]
    if sys.platform == "emscripten":
        return _pyodide_query()
    return None


def game_parameter(query: str | None) -> str | None:
    """The ``game=`` value of a query string, if any."""
    if not query:
        return None
    found = parse_qs(query.lstrip("?")).get(URL_PARAMETER)
    return found[0] if found else None


def when_page_known(callback: Callable[[str], None]) -> bool:
    """Call `callback(query)` with the page's query string: now if it is known,
    else (preheated Voila) from a background thread once the request arrives.
    Returns False if this is not a page (nothing will be called)."""
    q = page_query()
    if q is not None:
        callback(q)
        return True
    if os.environ.get("VOILA_PREHEAT", "False") != "False" and os.environ.get("VOILA_KERNEL_ID"):
        def wait() -> None:
            try:
                from voila.utils import wait_for_request
                wait_for_request()
            except Exception:
                return
            q = os.environ.get("QUERY_STRING")
            if q:
                callback(q)
        threading.Thread(target=wait, name="archwk-page-query", daemon=True).start()
        return True
    return False
