"""Build the static website: the notebooks as Voici pages, Python in the visitor's browser.

Run by `bash scripts/kit site [DIR]` inside `.venv-site` (scripts/site-requirements.txt),
never in the project's own .venv: whatever JupyterLab extension the build environment holds
is copied into the site, so that environment stays small.

What goes into DIR (every file a page asks for is in DIR: no CDN, no other host):
- voici/render/<notebook>.html: one page per notebook in notebooks/ (dashboard, tutorial,
  explorer, what-if, solo, card gallery, bots compared), and the notebooks' helper modules,
  as Voici builds them; each page loads at start the wheels of what its code may import
  (`page_packages`, read from the code by scripts/page_imports.py: no hand list);
- static/pyodide/: the Pyodide runtime from the npm package `pyodide` (PYODIDE_VERSION),
  with the Python wheels the pages import: the pure-Python packages of Pyodide's lock the
  kernel needs (downloaded from PyPI at the lock's versions), the widget libraries
  (BROWSER_WHEELS), and archwk itself, built from this checkout. Each wheel is trimmed
  of what a page never loads (JupyterLab extension copies, tests, plotly's own plotly.js),
  and the lock lists only the wheels shipped, with their real sha256;
- index.html: a relative redirect to the dashboard, so the site works from a sub-path.

Downloads are kept in .site-work/cache (git-ignored, inside the repository); a second
build downloads nothing. Usage: python scripts/site_build.py OUT_DIR [--json]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "scripts") not in sys.path:  # also when loaded from its path (tests/site_browser.py)
    sys.path.insert(0, str(ROOT / "scripts"))
import page_imports  # noqa: E402  # scripts/page_imports.py: what a page may import

WORK = ROOT / ".site-work"
CACHE = WORK / "cache"

PYODIDE_VERSION = "0.29.0"
#: the browser's Python (Pyodide 0.29's); wheels are chosen for it
BROWSER_PYTHON = "3.13"

#: Pyodide-lock packages the kernel imports (pyodide-kernel, ipykernel's stand-in,
#: IPython and what they import); their dependencies in the lock come with them.
LOCK_ROOTS = ("micropip", "packaging", "ipython", "traitlets", "typing-extensions", "narwhals")
#: packages the kernel asks for by name that the site ships empty: sqlite3 (Pyodide's is a
#: wasm build not on PyPI; IPython keeps no history without it) and jedi (IPython's code
#: completion, with parso 2.3 MB that every page would fetch and import; no page has code to
#: complete, and IPython works without it)
STAND_INS = ("sqlite3", "jedi")
#: lock dependencies never shipped (binary builds no page uses; matplotlib-inline imports
#: matplotlib only when a figure is drawn with it)
LOCK_DROP = {"matplotlib", "numpy", "contourpy", "kiwisolver", "pillow", "fonttools", "cycler",
             "pyparsing", "python-dateutil", "pytz", "six"}

#: the pure-Python wheels the pages import beyond Pyodide's lock, at the versions the
#: project's own environment is tested with (shared/stack.md); name -> (version, imports, depends)
BROWSER_WHEELS = {
    "comm": ("0.2.3", ["comm"], []),
    "jupyterlab-widgets": ("3.0.17", ["jupyterlab_widgets"], []),
    "ipywidgets": ("8.1.9", ["ipywidgets"], ["comm", "ipython", "traitlets", "jupyterlab-widgets"]),
    "psygnal": ("0.16.1", ["psygnal"], ["typing-extensions"]),
    "anywidget": ("0.11.0", ["anywidget"], ["ipywidgets", "psygnal", "typing-extensions"]),
    "plotly": ("7.1.0", ["plotly", "_plotly_utils"], ["narwhals", "packaging"]),
    "mistune": ("3.4.0", ["mistune"], []),
}
#: pyodide-kernel's own wheels: {name: imports}
KERNEL_WHEELS = {"piplite": ["piplite"], "pyodide-kernel": ["pyodide_kernel"], "ipykernel": ["ipykernel"]}
#: what every page loads at start: what pyodide-kernel's worker would otherwise install one
#: by one itself (its initPackageManager and initKernel), and the page's own packages
#: (`page_packages`: what the page's code may import, read from it by scripts/page_imports.py)
KERNEL_PACKAGES = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]
#: this checkout's packages, shipped as the one wheel `archwk`
LOCAL_PACKAGES = ("archwk", "widgets")
#: modules Pyodide itself provides in the page (not packages of its lock)
PYODIDE_BUILTIN = {"js", "pyodide", "pyodide_js", "_pyodide"}

#: wheel members never loaded in a page
TRIM = [
    re.compile(r"^[^/]+\.data/data/share/"),          # JupyterLab/notebook extension copies
    re.compile(r"^(plotly|anywidget|jupyterlab_widgets)/(labextension|nbextension)/"),
    re.compile(r"^plotly/package_data/plotly\.min\.js$"),  # FigureWidget brings widgetbundle.js
    re.compile(r"^plotly/package_data/datasets/"),         # plotly.express sample data
    re.compile(r"(^|/)tests?/"),
]
#: plotly's FigureWidget script (5 MB): served once as a file of the site, which every page
#: with a board preloads and each figure imports by URL (widgets.figure, told the URL by the
#: page's ARCHWK_PLOTLY_ESM_URL); in the wheel only a stub stays (anywidget reads the file)
BUNDLE_MEMBER = "plotly/package_data/widgetbundle.js"
BUNDLE_STUB = b"// archwk's site serves this script as a file: see static/archwk/\nexport default {};\n"
BUNDLE_FILE = f"static/archwk/plotly-widgetbundle-{BROWSER_WHEELS['plotly'][0]}.js"
#: Font Awesome from a CDN (Voila's templates link it; ipywidgets bundles its icons)
CDN_LINK = re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*>\s*', re.I)
#: nbconvert's loader of mermaid.js from a CDN (used only for mermaid diagrams: none here)
CDN_SCRIPT = re.compile(r'<script type="module">(?:(?!</script>).)*?import\("https?://(?:(?!</script>).)*</script>\s*',
                        re.S)
#: what would make a browser ask another host for something
REMOTE = re.compile(r"""(?:href|src)=["']https?://|import\(["']https?://""", re.I)
#: on every page: a widget that failed to start is reported, with a Reload button
PAGE_GUARD = (ROOT / "scripts" / "page_guard.js").read_text()
#: on every page: while Python starts, a plain message (role=status) instead of Voici's
#: "Executing 1 of 4"; placed after Voici's script that it takes over from
PROGRESS = (ROOT / "scripts" / "site_progress.js").read_text()
PROGRESS_BEFORE = '<div id="rendered_cells"'
#: compiles .pyc files in Pyodide under Node.js (`precompile`)
SITE_PYC = ROOT / "scripts" / "site_pyc.py"
PYODIDE_RUN = ROOT / "scripts" / "pyodide_run.mjs"
#: Python's start-up file in every page (it keeps Python from searching the drive for modules)
SITECUSTOMIZE = ROOT / "scripts" / "site_sitecustomize.py"
PYODIDE_KEEP = ("pyodide.asm.js", "pyodide.asm.wasm", "pyodide.js", "pyodide.mjs", "python_stdlib.zip",
                "package.json")


def log(msg: str) -> None:
    print(f"site: {msg}", file=sys.stderr, flush=True)


def run(cmd, **kw) -> str:
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        out = "\n".join(line for line in (r.stdout + r.stderr).splitlines() if "is ignored" not in line)
        raise SystemExit(f"site: command failed: {' '.join(map(str, cmd))}\n{out[-4000:]}")
    return r.stdout


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# --------------------------------------------------------------------------- inputs

def pyodide_tarball() -> Path:
    """The npm package pyodide@PYODIDE_VERSION (npm checks the registry's integrity hash)."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        CACHE.mkdir(parents=True, exist_ok=True)
        # npm's own cache inside the repository too (nothing is kept outside it)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"],
            env={**os.environ, "npm_config_cache": str(WORK / "npm-cache")})
    return tgz


def download_wheels(reqs: list[str]) -> dict[str, Path]:
    """Pure-Python wheels `name==version` for the browser's Python; {normalized name: path}."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)

    def have():
        out = {}
        for w in dest.glob("*.whl"):
            name, version = w.name.split("-")[:2]
            out[(norm(name), version)] = w
        return out

    wanted = [(norm(r.split("==")[0]), r.split("==")[1]) for r in reqs]
    missing = [r for r, key in zip(reqs, wanted) if key not in have()]
    if missing:
        log(f"pip download {len(missing)} wheels")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--cache-dir", str(WORK / "pip-cache"),
             "--only-binary=:all:", "--python-version", BROWSER_PYTHON, "--platform", "any",
             "--implementation", "py", "-d", str(dest), *missing])
    got = have()
    return {key[0]: got[key] for key in wanted}


def build_archwk_wheel(out: Path) -> Path:
    """archwk (with `widgets`) from this checkout, built from a copy of its sources so the
    build leaves nothing in the working tree."""
    src = WORK / "archwk-src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for pkg in ("archwk", "widgets"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=ignore)
    # the same sources make the same wheel (dates in the zip fixed): its compiled copy is cached
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-w", str(out), str(src)], env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
    shutil.rmtree(src, ignore_errors=True)
    (wheel,) = out.glob("archwk-*.whl")
    return wheel


def trim_wheel(src: Path, dest_dir: Path) -> Path:
    """A copy of a wheel without the members a page never loads (its RECORD rewritten)."""
    dest = dest_dir / src.name
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        record_name = next(n for n in zin.namelist() if n.endswith(".dist-info/RECORD"))
        kept = [i for i in zin.infolist() if not any(p.search(i.filename) for p in TRIM)]
        keep_names = {i.filename for i in kept}
        for info in kept:
            data = zin.read(info.filename) if info.filename != BUNDLE_MEMBER else BUNDLE_STUB
            if info.filename == record_name:
                lines = [line for line in data.decode().splitlines() if line.split(",")[0] in keep_names]
                data = ("\n".join(lines) + "\n").encode()
            zout.writestr(info, data)
    return dest


def stand_in_wheel(name: str, dest_dir: Path) -> Path:
    """An empty wheel named `name`, for a package the kernel asks for by name (it would
    otherwise try to install it from PyPI) whose module no page needs. `import name` then
    fails as if it were not installed, and what imports it copes: see STAND_INS."""
    path = dest_dir / f"{name}-1.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        files = {
            f"{name}_stand_in/__init__.py": "",
            f"{name}_stand_in-1.0.0.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n",
            f"{name}_stand_in-1.0.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: archwk\nRoot-Is-Purelib: true\n"
                                                      "Tag: py3-none-any\n",
        }
        for member, text in files.items():
            z.writestr(zipfile.ZipInfo(member, (2020, 1, 1, 0, 0, 0)), text)
        z.writestr(zipfile.ZipInfo(f"{name}_stand_in-1.0.0.dist-info/RECORD", (2020, 1, 1, 0, 0, 0)),
                   "".join(f"{n},,\n" for n in files) + f"{name}_stand_in-1.0.0.dist-info/RECORD,,\n")
    return path


# --------------------------------------------------------------------------- the lite source

def lock_closure(packages: dict) -> list[str]:
    by_norm = {norm(k): k for k in packages}
    seen: list[str] = []

    def walk(name):
        key = by_norm[norm(name)]
        if key in seen or norm(key) in LOCK_DROP:
            return
        seen.append(key)
        for dep in packages[key]["depends"]:
            walk(dep)

    for root in LOCK_ROOTS:
        walk(root)
    return seen


def make_pyodide_dir(static: Path) -> dict:
    """static/pyodide: runtime, wheels, and a lock naming only what is shipped."""
    pyo = static / "pyodide"
    shutil.rmtree(pyo, ignore_errors=True)
    pyo.mkdir(parents=True)
    with tarfile.open(pyodide_tarball()) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if name in PYODIDE_KEEP or name == "pyodide-lock.json":
                with tar.extractfile(member) as f:
                    (pyo / name).write_bytes(f.read())
    with zipfile.ZipFile(pyo / "python_stdlib.zip", "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("sitecustomize.py", (2020, 1, 1, 0, 0, 0)), SITECUSTOMIZE.read_text())
    lock = json.loads((pyo / "pyodide-lock.json").read_text())
    src = lock["packages"]
    keep = [k for k in lock_closure(src) if k not in STAND_INS]

    reqs = [f"{src[k]['name']}=={src[k]['version']}" for k in keep]
    reqs += [f"{name}=={v[0]}" for name, v in BROWSER_WHEELS.items()]
    wheels = download_wheels(reqs)

    packages = {}

    def add(key, name, version, wheel: Path, imports, depends, trimmed=True):
        shipped = trim_wheel(wheel, pyo) if trimmed else Path(shutil.copy2(wheel, pyo / wheel.name))
        packages[key] = {"name": name, "version": version, "file_name": shipped.name, "install_dir": "site",
                         "sha256": sha256(shipped), "package_type": "package", "imports": imports,
                         "depends": depends, "unvendored_tests": False}

    for k in keep:
        e = src[k]
        add(k, e["name"], e["version"], wheels[norm(e["name"])], e["imports"],
            [d for d in e["depends"] if norm(d) not in LOCK_DROP])
    for name, (version, imports, depends) in BROWSER_WHEELS.items():
        add(name, name, version, wheels[norm(name)], imports, depends)
    # the kernel's own wheels (pyodide-kernel's extension ships them for piplite): in the
    # lock too, so that they load with the rest at start instead of one after another
    kernel_pypi = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    for name, imports in KERNEL_WHEELS.items():
        (wheel,) = [w for w in kernel_pypi.glob("*.whl") if norm(w.name.split("-")[0]) == norm(name)]
        add(name, name, wheel.name.split("-")[1], wheel, imports, [], trimmed=False)
    for name in STAND_INS:
        add(name, name, "1.0.0", stand_in_wheel(name, WORK / "tmp"), [], [], trimmed=False)
    archwk = build_archwk_wheel(WORK / "tmp")
    version = archwk.name.split("-")[1]
    add("archwk", "archwk", version, archwk, ["archwk", "widgets"], [], trimmed=False)
    # every dependency named must be shipped
    names = {norm(k) for k in packages}
    for k, e in packages.items():
        missing = [d for d in e["depends"] if norm(d) not in names]
        if missing:
            raise SystemExit(f"site: {k} depends on {missing}, which the site does not ship")
    lock["packages"] = packages
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    precompile(pyo, packages)
    for entry in packages.values():
        entry["sha256"] = sha256(pyo / entry["file_name"])
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return packages


def precompile(pyo: Path, packages: dict) -> None:
    """Add .pyc files for the browser's Python to the wheels and the standard library's zip
    in `pyo`, in place, for the modules the pages import as they start (and all of archwk):
    scripts/site_pyc.py, run in Pyodide under Node.js, runs each page's code to see what it
    imports. A page then starts without compiling them (IPython, the widgets, plotly's
    figure classes, archwk: seconds on a first visit). The results are kept in
    .site-work/cache/pyc under a hash of everything they depend on: a build with nothing
    changed compiles nothing."""
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    pages = {nb.stem: notebook_code(nb) for nb in notebooks}
    load = sorted({p for nb in notebooks for p in page_packages(nb, packages)})
    archives = [pyo / "python_stdlib.zip", *(pyo / e["file_name"] for e in packages.values())]
    key = hashlib.sha256(json.dumps({
        "archives": {a.name: sha256(a) for a in archives}, "pages": pages, "load": load,
        "tools": [sha256(SITE_PYC), sha256(PYODIDE_RUN)], "pyodide": PYODIDE_VERSION,
    }, sort_keys=True).encode()).hexdigest()[:24]
    cached = CACHE / "pyc" / key
    if not all((cached / a.name).is_file() for a in archives):
        node = shutil.which("node")
        if node is None:
            raise SystemExit("site: Node.js is needed to compile the Python files for the browser "
                             "(apt-get install nodejs)")
        tmp = WORK / "tmp" / "pyc"
        shutil.rmtree(tmp, ignore_errors=True)
        (tmp / "pages").mkdir(parents=True)
        for stem, code in pages.items():
            (tmp / "pages" / f"{stem}.py").write_text(code)
        job = {"out": f"/host{tmp / 'out'}", "archives": [f"/host{a}" for a in archives], "load": load,
               "pages": {stem: f"/host{tmp / 'pages' / f'{stem}.py'}" for stem in pages},
               "whole": [packages["archwk"]["file_name"]]}
        (tmp / "job.json").write_text(json.dumps(job))
        log("compiling the modules the pages import, for the browser's Python (Pyodide under Node.js)")
        out = run([node, str(PYODIDE_RUN), str(pyo), str(SITE_PYC), f"/host{tmp / 'job.json'}"])
        (CACHE / "pyc-report.txt").write_text(out)  # which modules of which archive, and page notes
        for line in out.splitlines():
            if line.startswith("site_pyc:"):
                log(line.removeprefix("site_pyc: "))
        shutil.rmtree(CACHE / "pyc", ignore_errors=True)  # only the latest is kept
        cached.mkdir(parents=True)
        for a in archives:
            shutil.move(tmp / "out" / a.name, cached / a.name)
    for a in archives:
        shutil.copyfile(cached / a.name, a)


def kernel_settings(packages: list[str], plotly: bool = False) -> dict:
    options = {"packages": packages}
    if plotly:  # the page's Python is told where the FigureWidget script is (relative to the page)
        options["env"] = {"HOME": "/home/pyodide", "ARCHWK_PLOTLY_ESM_URL": f"../../{BUNDLE_FILE}"}
    return {"@jupyterlite/pyodide-kernel-extension:kernel": {
        "disablePyPIFallback": True,
        "loadPyodideOptions": options,
    }}


#: packages whose JupyterLab extension (the browser side of their widgets) the pages need;
#: Voici bundles ipywidgets' own, plotly's FigureWidget is an anywidget
FRONTEND_EXTENSIONS = ("anywidget",)


def make_lite_dir(lite: Path) -> None:
    shutil.rmtree(lite, ignore_errors=True)
    (lite / "static").mkdir(parents=True)
    make_pyodide_dir(lite / "static")
    frontends = [str(w) for name in FRONTEND_EXTENSIONS
                 for w in (CACHE / "wheels").glob(f"{name}-{BROWSER_WHEELS[name][0]}-*.whl")]
    content = lite / "content"
    content.mkdir()
    for path in sorted((ROOT / "notebooks").iterdir()):
        if path.suffix == ".ipynb" or (path.suffix == ".py" and path.name != "build.py"):
            shutil.copy2(path, content / path.name)
    (lite / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {"contents": ["content"], "no_sourcemaps": True, "apps": ["voici"],
                            "no_unused_shared_packages": True, "federated_extensions": frontends},
    }, indent=2))
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": kernel_settings(KERNEL_PACKAGES)},
    }, indent=2))


# --------------------------------------------------------------------------- after the build

def notebook_code(path: Path) -> str:
    """A notebook's code cells, as one Python text (IPython's %magics and !commands blanked)."""
    cells = json.loads(path.read_text())["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            lines += ["" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()]
    return "\n".join(lines) + "\n"


def page_packages(notebook: Path, lock: dict) -> list[str]:
    """The packages a page loads at start: the kernel's, and the lock's packages holding
    what the page's code may import (scripts/page_imports.py reads it, lazy imports in
    functions included). A module the page may import that is neither shipped, nor in
    Python's standard library, nor Pyodide's own stops the build, unless the code copes
    without it (an import inside `try: ... except ImportError`)."""
    source = page_imports.Source(ROOT, LOCAL_PACKAGES, notebook.parent)
    try:
        found = page_imports.page_imports(notebook_code(notebook), source, notebook.name)
    except SyntaxError as e:
        raise SystemExit(f"site: {notebook.name}: its code does not parse ({e})") from None
    by_import = {name: key for key, entry in lock.items() for name in entry["imports"]}
    wanted = set()
    if any(m.split(".")[0] in LOCAL_PACKAGES for m in found.local):
        wanted.add(by_import[LOCAL_PACKAGES[0]])
    missing = []
    for top, uses in sorted(found.external.items()):
        if top in by_import:
            wanted.add(by_import[top])
        elif top in sys.stdlib_module_names or top in PYODIDE_BUILTIN:
            continue
        elif top in found.required():
            missing.append(f"{top} (imported at {', '.join(u.where for u in uses if not u.optional)})")
    if missing:
        raise SystemExit(f"site: the page {notebook.name} may import what the site does not ship: "
                         f"{'; '.join(missing)}. Add its wheel to BROWSER_WHEELS in scripts/site_build.py, "
                         "or import it inside try/except ImportError with a fallback")
    return KERNEL_PACKAGES + sorted(wanted - set(KERNEL_PACKAGES))


def patch_pages(out: Path) -> dict[str, list[str]]:
    """Each page: no CDN links, a page-relative base URL (sub-paths), its own package list
    (`page_packages`); returns {page: packages}."""
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    pages: dict[str, list[str]] = {}
    for html_path in sorted((out / "voici").rglob("*.html")):
        text = html_path.read_text()
        new = CDN_SCRIPT.sub("", CDN_LINK.sub("", text))
        render = html_path.parent.name == "render"
        packages = page_packages(ROOT / "notebooks" / f"{html_path.stem}.ipynb", lock) if render else []
        board = "plotly" in packages
        if render and "archwk page guard" not in new:
            new = new.replace("</head>", f"<script>{PAGE_GUARD}</script>\n</head>", 1)
        if render and "archwk site progress" not in new:
            if PROGRESS_BEFORE not in new:
                raise SystemExit(f"site: {html_path.name} has no {PROGRESS_BEFORE}> (another Voici template?)")
            new = new.replace(PROGRESS_BEFORE, f"<script>{PROGRESS}</script>\n{PROGRESS_BEFORE}", 1)
        m = re.search(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', new, re.S)
        if m:
            config = json.loads(m.group(2))
            depth = len(html_path.relative_to(out).parts) - 1
            config["baseUrl"] = "../" * depth or "./"
            if render:
                settings = config.setdefault("litePluginSettings", {})
                for plugin, values in kernel_settings(packages, board).items():
                    settings.setdefault(plugin, {}).update(values)
                pages[html_path.stem] = packages
            new = new[:m.start(2)] + json.dumps(config) + new[m.end(2):]
            if render and board:
                new = new.replace("</head>", f'<link rel="modulepreload" href="../../{BUNDLE_FILE}">\n</head>', 1)
        if new != text:
            html_path.write_text(new)
    leftover = [str(p.relative_to(out)) for p in out.rglob("*.html") if REMOTE.search(p.read_text())]
    if leftover:
        raise SystemExit(f"site: pages still link a CDN: {leftover}")
    return pages


#: anywidget gives a widget 2 s to start, from the moment its model is made; in a page
#: whose Python runs in the browser, on a busy computer, that is too short: 30 s (as
#: scripts/voila_app.py does for the Voila server)
ANYWIDGET_TIMEOUT = ("AbortSignal.timeout(2000)", "AbortSignal.timeout(30000)")


def patch_anywidget(out: Path) -> int:
    patched = 0
    for js in (out / "extensions" / "anywidget" / "static").glob("*.js"):
        text = js.read_text()
        if ANYWIDGET_TIMEOUT[0] in text:
            js.write_text(text.replace(*ANYWIDGET_TIMEOUT))
            patched += 1
    if not patched:
        raise SystemExit("site: anywidget's start-up timeout was not found (another anywidget version?)")
    return patched


def finish(out: Path) -> None:
    patch_anywidget(out)
    with zipfile.ZipFile(next(CACHE.glob(f"wheels/plotly-{BROWSER_WHEELS['plotly'][0]}-*.whl"))) as z:
        bundle = out / BUNDLE_FILE
        bundle.parent.mkdir(parents=True, exist_ok=True)
        bundle.write_bytes(z.read(BUNDLE_MEMBER))
    # JupyterLite's own app shell: Voici pages never request it
    shutil.rmtree(out / "build", ignore_errors=True)
    for junk in ("api/translations", "doit.db"):
        p = out / junk
        if p.is_file():
            p.unlink()
    (out / "index.html").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>archwk</title>'
        '<meta http-equiv="refresh" content="0; url=voici/render/dashboard.html"></head>'
        '<body><a href="voici/render/dashboard.html">Architects of the West Kingdom: rules explainer</a>'
        "</body></html>\n")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with "_" as they are


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(out: Path) -> dict:
    t0 = time.monotonic()
    out = out.resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        raise SystemExit(f"site: refusing to build into {out}: it holds the repository")
    lite = WORK / "lite"
    (WORK / "tmp").mkdir(parents=True, exist_ok=True)
    shutil.rmtree(WORK / "tmp")
    (WORK / "tmp").mkdir()
    make_lite_dir(lite)
    if out.exists():
        shutil.rmtree(out)
    voici = Path(sys.executable).with_name("voici")
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
    log("voici build")
    run([str(voici), "build", "--output-dir", str(out), "--lite-dir", str(lite)], cwd=lite, env=env)
    pages = patch_pages(out)
    finish(out)
    shutil.rmtree(WORK / "tmp", ignore_errors=True)
    result = {"out": str(out), "pages": sorted(pages), "packages": pages, "bytes": dir_size(out),
              "seconds": round(time.monotonic() - t0, 1)}
    return result


# --------------------------------------------------------------------------- preview

def make_server(root: Path, port: int = 0, prefix: str = "/"):
    """A threaded HTTP server on 127.0.0.1 serving `root` under the URL path `prefix`
    (e.g. "/archwk/", as a project page would be), as any static host does; 404 elsewhere."""
    import functools
    import http.server

    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                          ".json": "application/json", ".whl": "application/octet-stream"}

        def translate_path(self, path):
            clean = path.split("?", 1)[0].split("#", 1)[0]
            if not clean.startswith(prefix):
                return str(root / ".not-under-prefix" / "missing")
            return super().translate_path("/" + clean[len(prefix):])

        def log_message(self, fmt, *args):  # quiet; errors still go to stderr
            if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
                super().log_message(fmt, *args)

    handler = functools.partial(Handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    return server


def serve(root: Path, port: int, prefix: str) -> int:
    if not (root / "voici" / "render" / "dashboard.html").exists():
        raise SystemExit(f"site: {root} holds no built site (bash scripts/kit site {root})")
    try:
        server = make_server(root.resolve(), port, prefix)
    except OSError as e:
        raise SystemExit(f"site: cannot listen on 127.0.0.1:{port} ({e.strerror}); "
                         "choose another port with ARCHWK_PORT=...") from None
    print(f"\narchwk static site: {server.url}\n(serving {root}; stop with Ctrl-C)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--json", action="store_true", help="print the result as one JSON line")
    ap.add_argument("--serve", action="store_true", help="only serve OUT (an already built site)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/", help="URL path to serve the site under (e.g. /archwk/)")
    args = ap.parse_args(argv)
    if args.serve:
        return serve(args.out, args.port, args.prefix)
    result = build(args.out)
    if args.json:
        print(json.dumps(result))
    else:
        log(f"built {len(result['pages'])} pages into {result['out']} "
            f"({result['bytes'] / 1e6:.1f} MB) in {result['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
