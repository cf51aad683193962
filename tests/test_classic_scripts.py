"""The static book's front end as classic scripts (browsers refuse ES modules from file://, where readers open it).

``nimlib.widgets.classic_script`` rewrites the ES modules that Jupyter runs; these tests check the rewrite
itself, and that the bundle it makes exposes exactly what the module exports, run as a browser runs a
classic script (node's ``vm``, no module loader).
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from nimlib.widgets import PAGE_GLOBAL, bundle, classic_bundle, classic_script

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


def test_imports_and_exports_become_globals():
    source = (
        'import { mount, el as make } from "./core.js";\n'
        'import "./games/heaps.js";\n'
        "export const LIMIT = 3;\n"
        "export function twice(x) { return 2 * x; }\n"
        "export class Thing {}\n"
        "export async function later() {}\n"
        "function hidden() {}\n"
        "export default { render() {} };\n"
    )
    text = classic_script(source, exports_to="Lab", imports_from="Front")
    assert "const { mount, el: make } = globalThis.Front;" in text
    assert "heaps.js" not in text and "export " not in text and "import " not in text
    assert "globalThis.Lab = Object.freeze({ LIMIT, twice, Thing, later, default: nimlibDefaultExport });" in text
    assert "if (globalThis.Lab) return;" in text  # loaded twice: the first copy stays


@pytest.mark.parametrize(
    "source",
    [
        'import * as core from "./core.js";',
        'import core from "./core.js";',
        'import { x } from "https://example.org/x.js";',
        "export { a, b };",
        "const here = new URL('./widget.css', import.meta.url);",
        'export * from "./core.js";',
    ],
)
def test_module_syntax_it_cannot_convert_is_refused(source):
    with pytest.raises(ValueError, match="source"):
        classic_script(source, exports_to="X", imports_from="Y")


def test_bad_arguments_are_named():
    with pytest.raises(TypeError, match="source must be a str"):
        classic_script(b"export const a = 1;", exports_to="X")
    with pytest.raises(ValueError, match="exports_to must be a JavaScript identifier"):
        classic_script("export const a = 1;", exports_to="window.X")
    with pytest.raises(ValueError, match="no imports_from global"):
        classic_script('import { a } from "./core.js";', exports_to="X")
    with pytest.raises(ValueError, match="exports a name twice"):
        classic_script("export const a = 1;\nexport function a() {}", exports_to="X")


_COMPARE = """
const { readFileSync } = require("node:fs");
const vm = require("node:vm");
const { pathToFileURL } = require("node:url");
const [classic, module] = process.argv.slice(1);
vm.runInThisContext(readFileSync(classic, "utf8"), { filename: classic });
vm.runInThisContext(readFileSync(classic, "utf8"), { filename: classic }); // twice: harmless
import(pathToFileURL(module)).then((m) => {
  const front = globalThis.NimlibPlay;
  console.log(JSON.stringify({
    classic: Object.keys(front).sort(),
    module: Object.keys(m).sort(),
    games: front.registeredGames().sort(),
    frozen: Object.isFrozen(front),
    render: typeof front.default.render,
  }));
});
"""


@needs_node
def test_the_classic_bundle_exposes_what_the_module_exports(tmp_path):
    classic = tmp_path / "play.js"
    classic.write_text(classic_bundle(), encoding="utf-8")
    module = tmp_path / "play.mjs"
    module.write_text(bundle(), encoding="utf-8")
    out = subprocess.run([NODE, "-e", _COMPARE, str(classic), str(module)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    data = json.loads(out.stdout)
    assert data["classic"] == data["module"] and len(data["module"]) > 50
    assert data["frozen"] and data["render"] == "function"
    assert len(data["games"]) >= 25
    assert PAGE_GLOBAL == "NimlibPlay"


def test_comment_lines_go_and_template_text_stays():
    source = (
        "// a line comment\n"
        "/**\n * a doc comment\n */\n"
        "export const CSS = `\n// not a comment: text of the template\n/* nor this */\n`;\n"
        "export function f() { /* inline */ return 1; } // trailing\n"
        "/* one line */ const g = 2;\n"
    )
    text = classic_script(source, exports_to="X")
    assert "a line comment" not in text and "a doc comment" not in text
    assert "// not a comment: text of the template\n/* nor this */\n`" in text
    assert "function f() { /* inline */ return 1; } // trailing" in text
    assert "/* one line */ const g = 2;" in text
