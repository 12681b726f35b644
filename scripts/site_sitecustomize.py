"""archwk's static site: run by Python as it starts in a page (site.py imports
`sitecustomize`; scripts/site_build.py puts this file into Pyodide's standard library zip).

The page's kernel makes the notebook's folder on the site's drive (/drive/...) Python's
working directory, and Python looks there first for every module it imports ('' heads
sys.path): each look is a request from Python to the page (a synchronous one, through the
service worker), about a hundred while a page starts, each waited for. The notebooks import
nothing from the drive: scripts/site_build.py reads what each page imports, and sets
ARCHWK_DRIVE_IMPORTS=1 only for a page that imports a module next to its notebook. On the
other pages the drive is not searched for modules (files on it can still be read).
"""
import os
import sys

if os.environ.get("ARCHWK_DRIVE_IMPORTS") != "1":

    class _NoModulesHere:
        """The path finder of the drive's folders: it finds no module there."""

        @staticmethod
        def find_spec(fullname, target=None):
            return None

        @staticmethod
        def invalidate_caches():
            return None

    def _drive_finder(path):
        if path == "/drive" or path.startswith("/drive/"):
            return _NoModulesHere
        raise ImportError("not the drive")

    sys.path_hooks.insert(0, _drive_finder)
