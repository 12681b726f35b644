"""Compile, for the browser's Python, the modules the static site's pages import as they
start: .pyc files added to the site's wheels and to Pyodide's standard library zip.

Pyodide ships its standard library, and the wheels come from PyPI, as source only, and
Pyodide writes no .pyc files (sys.dont_write_bytecode): without them a page compiles
every module it imports each time it opens (IPython, the widgets, plotly's figure
classes, archwk: seconds on a first visit). Only the browser's Python can write its .pyc
files (their format is per Python version), so this runs in Pyodide under Node.js
(scripts/pyodide_run.mjs), called by scripts/site_build.py with a job file:

    node scripts/pyodide_run.mjs PYODIDE_DIR scripts/site_pyc.py JOB.json

The job (host paths under /host): {"out": dir, "archives": [wheels and python_stdlib.zip],
"load": [packages of the lock], "pages": {name: file of the page's code}, "whole":
[archive names compiled whole]}. It loads the packages, runs each page's code (widgets
without a page to show them in: Python's side only) and imports the kernel, as a page
does; then every module so imported gets a .pyc, and every module of the "whole"
archives (archwk: what a click imports later is ours too). The rest stays source only:
compiled in the page if it is ever imported (plotly alone has 1,400 modules of figure
classes, of which a page imports about 190); compiling everything would double the bytes
a page fetches and unpacks.

Each archive is written to "out" under its name, each chosen module compiled: archwk's
beside its source, at `__pycache__/NAME.cpython-313.pyc` (tracebacks of our code keep their
lines), the others' in place of their source, as `NAME.pyc` (what the import system and
zipimport load when there is no source): a third more bytes than the source alone instead of
twice as many. The .pyc files are "unchecked hash-based" (PEP 552): used without comparing
them to a source, whose file dates the browser's unpacking does not keep. A wheel's RECORD
says what it holds.
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

#: where Pyodide puts what it loads: wheels in site-packages, the standard library as a zip
SITE_PACKAGES = "/lib/python{}.{}/site-packages/".format(*sys.version_info[:2])
STDLIB_ZIP = "/lib/python{}{}.zip/".format(*sys.version_info[:2])


def pyc_member(member: str, stdlib: bool, sourceless: bool) -> str:
    if stdlib or sourceless:
        return member + "c"  # json/decoder.py -> json/decoder.pyc, in place of the source
    return importlib.util.cache_from_source(member)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_archive(src: Path, dest: Path, wanted, keep_source: bool) -> tuple[int, int]:
    """`src` with the .py files for which `wanted(installed path)` is true compiled, into
    `dest`: beside their source if `keep_source`, else in its place; returns (compiled,
    Python files in all)."""
    stdlib = src.name.startswith("python_stdlib")
    prefix = STDLIB_ZIP if stdlib else SITE_PACKAGES
    compiled, sources, added, dropped = 0, 0, [], set()
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        names = {i.filename for i in infos}
        record = next((i.filename for i in infos if i.filename.endswith(".dist-info/RECORD")), None)
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in infos:
                if info.filename == record:
                    continue
                data = zin.read(info)
                name = info.filename
                python = name.endswith(".py") and "/__pycache__/" not in f"/{name}"
                sources += python
                target = pyc_member(name, stdlib, not keep_source) if python else ""
                code = None
                if python and target not in names and wanted(prefix + name):
                    try:
                        code = compile(data, prefix + name, "exec", dont_inherit=True)
                    except (SyntaxError, ValueError):  # not Python 3.13 (a template, Python 2): as it is
                        code = None
                if code is None or keep_source:
                    zout.writestr(info, data)
                else:
                    dropped.add(name)
                if code is not None:
                    pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                    zout.writestr(zipfile.ZipInfo(target, info.date_time), pyc, zipfile.ZIP_DEFLATED)
                    added.append(record_line(target, pyc))
                    compiled += 1
            if record is not None:
                lines = [line for line in zin.read(record).decode().splitlines()
                         if line.rsplit(",", 2)[0] not in dropped]
                zout.writestr(zin.getinfo(record), "\n".join([*lines, *added]) + "\n")
    return compiled, sources


async def imported_at_start(load: list[str], pages: dict[str, str]) -> set[str]:
    """The files of the modules the pages import as they start."""
    import pyodide_js
    from pyodide.ffi import to_js

    await pyodide_js.loadPackage(to_js(load), to_js({"messageCallback": lambda *_: None}))
    for name, path in sorted(pages.items()):
        try:
            exec(compile(Path(path).read_text(), f"<{name}>", "exec"), {"__name__": "__main__"})
        except Exception as e:  # what it imported before failing still counts
            print(f"site_pyc: the page {name} stopped here ({type(e).__name__}: {e}); "
                  "its modules imported so far are compiled", flush=True)
    stdout, stderr = sys.stdout, sys.stderr
    try:  # what the kernel's worker imports as it starts a page (initPackageManager, initKernel)
        import micropip  # noqa: F401
        import piplite.piplite  # noqa: F401
        import pyodide_kernel  # noqa: F401  # (IPython and its world)
    except Exception as e:
        print(f"site_pyc: importing the kernel stopped ({type(e).__name__}: {e})", flush=True)
    finally:
        sys.stdout, sys.stderr = stdout, stderr  # (the kernel takes them over)
    return {f for m in list(sys.modules.values()) if isinstance(f := getattr(m, "__file__", None), str)}


async def main(argv: list[str]) -> None:
    """Called (and awaited) by scripts/pyodide_run.mjs: argv is [JOB.json]."""
    job = json.loads(Path(argv[0]).read_text())
    out = Path(job["out"])
    out.mkdir(parents=True, exist_ok=True)
    files = await imported_at_start(job["load"], job["pages"])
    for arg in job["archives"]:
        src = Path(arg)
        whole = src.name in job["whole"]
        compiled, sources = compile_archive(src, out / src.name, lambda path, whole=whole: whole or path in files,
                                            keep_source=whole)
        print(f"{src.name}: {compiled} of {sources} modules compiled", flush=True)

