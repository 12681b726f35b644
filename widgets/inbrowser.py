"""What the static site (Python in the visitor's browser, through Pyodide) cannot do,
said on the page instead of failing.

In a web page Python has one thread and no processes: batch simulation over several
processes (`archwk simulate --jobs N`) and Dask clusters (`--scheduler`) need Python
installed on a computer. Everything on the pages (lessons, games, bots, what-if
evaluation) runs in the page, a little slower than on a server: the coach thinks for the
same time there on roughly three quarters of the sample games (`benchmarks/bench_site.py --coach`),
which its game pages say beside the Hint button (`coach_notice_html`).
"""
from __future__ import annotations

from .links import in_browser

#: what the browser cannot do, in the words a visitor reads
BROWSER_LIMITS = (
    "This page runs entirely in your browser: nothing is sent to a server. Batch simulations over "
    "several processes and Dask clusters (the <code>archwk simulate</code> command) need archwk "
    "installed on a computer; the coach thinks for the same time here but, Python in a browser "
    "being slower, its chances rest on fewer sample games (roughly three quarters as many)."
)

#: what differs for the coach in the browser, said beside its Hint button on the site's game pages
COACH_IN_BROWSER = (
    "In your browser the coach thinks for the same second as on a computer, but Python runs slower here, "
    "so its chances rest on fewer sample games (roughly three quarters as many) and are a little less sure. "
    "It judges a move once the board has been still for half a second; a click made while it judges "
    "is answered when it is done, within a second."
)


def coach_notice_html() -> str:
    """The coach's note for the static site's game pages; empty under Voila and JupyterLab."""
    if not in_browser():
        return ""
    return f'<p class="archwk-browser-notice" style="color:#555;font-size:12px;margin:6px 0">{COACH_IN_BROWSER}</p>'


def browser_notice_html() -> str:
    """A short note for the static site's pages; empty under Voila and JupyterLab."""
    if not in_browser():
        return ""
    return ('<p class="archwk-browser-notice" style="color:#555;font-size:12px;border-left:3px solid #d8ccb0;'
            f'padding-left:8px">{BROWSER_LIMITS}</p>')

