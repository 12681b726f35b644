"""The compiled build in build/compiled (issue 10): a copy of the archwk package
whose rules modules are compiled by Cython (setup.py: `rules_modules`), beside
the pure source tree, for tests/test_speed.py and `kit bench --compiled`.

    python scripts/build_compiled.py        # (bash scripts/kit build-compiled)

Use it with PYTHONPATH=build/compiled. build/compiled/SOURCE_HASH records the
source it was built from (`source_hash`): a build older than the source is
stale, and the test comparing the two builds says so instead of comparing.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"


def source_hash(root: Path = ROOT) -> str:
    """sha256 over every file of the archwk package (paths and contents)."""
    h = hashlib.sha256()
    pkg = root / "archwk"
    for path in sorted(pkg.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".c", ".so", ".pyc"):
            h.update(path.relative_to(pkg).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from setuptools import setup

    from setup import ext_modules  # the same module list as `ARCHWK_COMPILED=1 pip install .`

    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    shutil.copytree(ROOT / "archwk", OUT / "archwk",
                    ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.so", "*.pyc"))
    os.chdir(OUT)
    exts = ext_modules(OUT, force=True)
    setup(name="archwk-compiled", ext_modules=exts, script_args=["-q", "build_ext", "--inplace",
                                                                  f"--parallel={os.cpu_count() or 1}"])
    for c in (OUT / "archwk").rglob("*.c"):
        c.unlink()
    shutil.rmtree(OUT / "build", ignore_errors=True)  # build_ext's temporary files
    (OUT / "SOURCE_HASH").write_text(source_hash() + "\n")
    print(f"compiled build: {len(exts)} modules in {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
