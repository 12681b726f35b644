// Run a Python script in Pyodide under Node.js: the browser's own Python (3.13 for Pyodide
// 0.29), for the work only that Python can do at build time, such as compiling .pyc files
// for it (scripts/site_pyc.py; scripts/site_build.py runs this). The host's file system is
// mounted at /host inside Pyodide; give the script host paths prefixed with /host. The
// script is run as a module named __main__, then its `main(argv)` is called with ARGS
// (and awaited, if it is async).
//
//   node scripts/pyodide_run.mjs PYODIDE_DIR SCRIPT.py [ARGS...]
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, ...args] = process.argv.slice(2);
if (!pyodideDir || !script) {
  console.error("usage: node pyodide_run.mjs PYODIDE_DIR SCRIPT.py [ARGS...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.globals.set("_argv", pyodide.toPy([script, ...args]));
try {
  pyodide.runPython("import sys\nsys.argv = list(_argv)\ndel _argv");
  pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
  await pyodide.runPythonAsync(
    "import inspect as _inspect\n_done = main(sys.argv[1:])\nif _inspect.isawaitable(_done):\n    await _done");
} catch (err) {
  console.error(String(err && err.message ? err.message : err));
  process.exit(1);
}
