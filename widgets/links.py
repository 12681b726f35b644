"""Links between the notebook pages, right on the Voila server and on the static site.

Under Voila (and JupyterLab) a page is its notebook, `explorer.ipynb`; on the static
site (`bash scripts/kit site`: Voici, Python in the visitor's browser through Pyodide)
the same page is `explorer.html`. The links are relative, so both work wherever the pages
are served from (a sub-path such as https://example.org/archwk/ included).
"""
from __future__ import annotations

import sys


def in_browser() -> bool:
    """True when this Python runs in a web page (Pyodide, on the static site)."""
    return sys.platform == "emscripten"


def page_href(name: str) -> str:
    """The relative link to the page of notebook `name` ("explorer" or "explorer.ipynb")."""
    stem = name.strip()
    for suffix in (".ipynb", ".html"):
        stem = stem.removesuffix(suffix)
    if not stem or "/" in stem or stem.startswith("."):
        raise ValueError(f"page_href: a page is named by its notebook's file name, got {name!r}")
    return f"{stem}.html" if in_browser() else f"{stem}.ipynb"
