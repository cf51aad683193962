"""No partial file, ever (issue 39 item 2): every file the command line writes goes through nimlib._atomic.

A real file-size limit (RLIMIT_FSIZE; Python ignores SIGXFSZ, so the write raises EFBIG) stops each writing
option of each command half-way: the existing file must be byte for byte as it was, no temporary file may be
left beside it, and the error is one line on stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nimlib._atomic import atomic_write, temp_files
from nimlib.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
resource = pytest.importorskip("resource")  # POSIX only

OLD = b"the old file, which a failed write must leave exactly as it was\n" * 3

# Every writing option of every command: (command line with {F} for the file, the file a failed write must
# leave alone ({F}, or a file inside the folder {F}), the file-size limit in bytes, below the file's full size)
CASES = {
    ("values", "--output"): (["values", "0.137", "--to", "200000", "--output", "{F}"], "{F}", 4096),
    ("period", "--certificate"): (["period", "0.137", "--certificate", "{F}"], "{F}", 256),  # 717 bytes whole
    ("rare", "--plot"): (["rare", "0.6", "--to", "1000", "--plot", "{F}.png"], "{F}.png", 4096),
    ("rare", "--frequencies"): (["rare", "0.161", "--to", "5000", "--frequencies", "{F}"], "{F}", 256),  # 670 B
    ("rare", "--checkpoint"): (["rare", "0.161", "--to", "5000", "--checkpoint", "{F}"], "{F}/stream.npz", 4096),
}
EXTRA = {  # the same options in their other formats
    "values --json": (["values", "0.137", "--to", "200000", "--json", "--output", "{F}"], "{F}", 4096),
    "plot svg": (["rare", "0.6", "--to", "1000", "--plot", "{F}.svg"], "{F}.svg", 4096),
}

# Run in a child process: for each case, the file-size limit is set, main() runs, the limit is lifted
CHILD = r"""
import contextlib, hashlib, io, json, os, resource, sys
from nimlib.cli import main
cases = json.loads(sys.argv[1])
hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
results = {}
for name, (argv, target, limit, setup, warm) in cases.items():
    # The same command first, unlimited, into another folder: numba compiles here and writes its cache (files
    # over the limit), so that the limited run below fails on the file under test, not on a cold cache
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(warm) == 0
    if setup:  # an earlier, smaller run leaves the checkpoint a failed save must keep
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(setup) == 0
    folder = os.path.dirname(target)
    before = (hashlib.sha256(open(target, "rb").read()).hexdigest(), sorted(os.listdir(folder)))
    out, err = io.StringIO(), io.StringIO()
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except BaseException as error:  # a traceback: reported, so that the test fails naming it
        code = f"{type(error).__name__}: {error}"
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
    after = (hashlib.sha256(open(target, "rb").read()).hexdigest(), sorted(os.listdir(folder)))
    results[name] = {"code": code, "err": err.getvalue(), "before": before, "after": after}
print(json.dumps(results))
"""


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _prepare(tmp_path: Path, cases: dict) -> dict:
    """Each case's arguments with real paths, an existing file OLD in place (a checkpoint folder: set up by a run)."""
    prepared = {}
    for i, (name, (argv, target, limit)) in enumerate(cases.items()):
        folder = tmp_path / f"case{i}"
        folder.mkdir()
        f = str(folder / "F")
        (tmp_path / f"warm{i}").mkdir()
        warm = [a.replace("{F}", str(tmp_path / f"warm{i}" / "F")) for a in argv]
        argv = [a.replace("{F}", f) for a in argv]
        target = target.replace("{F}", f)
        setup = None
        if "--checkpoint" in argv:
            setup = [*argv[:3], "3000", *argv[4:]]  # the same game, fewer heaps: resumed, then saved again
        else:
            Path(target).write_bytes(OLD)
        prepared["/".join(name) if isinstance(name, tuple) else name] = (argv, target, limit, setup, warm)
    return prepared


def _run_cases(tmp_path: Path, cases: dict) -> dict:
    prepared = _prepare(tmp_path, cases)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(prepared)], capture_output=True, env=env, timeout=600, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _assert_untouched(name: str, result: dict) -> None:
    code, err = result["code"], result["err"]
    assert code == 2, (name, code, err)
    assert "Traceback" not in err and "File too large" in err, (name, err)
    errors = [line for line in err.splitlines() if ": error: " in line]
    assert len(errors) == 1 and "cannot write" in errors[0], (name, err)
    assert result["after"] == result["before"], (name, "the file or its folder changed", result)


def test_every_writing_option_leaves_the_old_file_whole_under_a_file_size_limit(tmp_path):
    results = _run_cases(tmp_path, {**CASES, **EXTRA})
    assert len(results) == len(CASES) + len(EXTRA)
    for name, result in results.items():
        _assert_untouched(name, result)
        if not name.endswith("--checkpoint"):
            assert result["before"][0] == _sha(OLD), name


def test_the_finding_itself_values_output_under_a_4096_byte_limit(tmp_path):
    # The attack's own command, in a process of its own with the limit set before it starts
    target = tmp_path / "F"
    target.write_bytes(OLD)
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # noqa: E731
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "nimlib", "values", "0.137", "--to", "200000", "--output", str(target)]
    # Once unlimited, elsewhere: numba's cache is written then (on a fresh clone its files pass the limit)
    warm = subprocess.run([*cmd[:-1], str(tmp_path / "warm")], capture_output=True, env=env, timeout=300)
    assert warm.returncode == 0, warm.stderr[-2000:]
    (tmp_path / "warm").unlink()
    done = subprocess.run(cmd, capture_output=True, env=env, timeout=300, text=True, preexec_fn=limit)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr == f"nimlib values: error: cannot write the values to {target}: File too large\n"
    assert target.read_bytes() == OLD and sorted(p.name for p in tmp_path.iterdir()) == ["F"]


def test_the_cases_cover_every_writing_option_of_the_command_line():
    # A new option that writes a file (a FILE or DIR argument) must join CASES, and so be shown to write atomically
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    writing = set()
    for command, sub in commands.items():
        for action in sub._actions:
            metavar = str(action.metavar or "")
            if action.option_strings and ("FILE" in metavar or "DIR" in metavar):
                writing.add((command, action.option_strings[0]))
    assert writing == set(CASES)


# Calls that write a file without the helper: open() for writing, Path.write_text/write_bytes, os.replace, and a
# save whose first argument is not the file atomic_write yields
SAVES = {"savefig", "savez", "savez_compressed", "tofile"}
MODULE_SAVES = {"save", "dump"}  # np.save, json.dump, pickle.dump (a method named save is not one)
MODULES = {"np", "numpy", "json", "pickle"}
# os.open for writing, where it is not a file written: stdout pointed at /dev/null when the reader of a pipe left
RAW_OPEN_ALLOWED = {("cli.py", "_silence_stdout")}


def _writes_outside_the_helper(path: Path, name: str | None = None) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = name or path.relative_to(ROOT / "nimlib").as_posix()
    owner: dict[ast.AST, ast.AST] = {}  # each node's innermost enclosing function (or the module)
    yielded: dict[ast.AST, set[str]] = {tree: set()}  # per function: the names `with atomic_write(...) as NAME` binds
    wrappers: set[str] = set()  # names bound to a writer over a yielded file (its saves go to that file)
    stack: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while stack:
        node, function = stack.pop()
        owner[node] = function
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node
            yielded[node] = set()
        if isinstance(node, ast.With):
            for item in node.items:
                call = item.context_expr
                named = isinstance(item.optional_vars, ast.Name)
                if named and isinstance(call, ast.Call) and getattr(call.func, "id", None) == "atomic_write":
                    yielded[function].add(item.optional_vars.id)
                elif (
                    named
                    and isinstance(call, ast.Call)
                    and any(isinstance(a, ast.Name) and a.id in yielded[function] for a in call.args)
                ):
                    wrappers.add(item.optional_vars.id)  # e.g. `PdfPages(stream) as pdf` over the yielded file
        stack.extend((child, function) for child in ast.iter_child_nodes(node))
    found = []
    for call in (n for n in owner if isinstance(n, ast.Call)):
        f, function = call.func, owner[call]
        attr = f.attr if isinstance(f, ast.Attribute) else None
        where = f"{name}:{call.lineno}"
        if isinstance(f, ast.Name) and f.id == "open":
            mode = call.args[1] if len(call.args) > 1 else None
            mode = next((k.value for k in call.keywords if k.arg == "mode"), mode)
            if mode is not None and not (isinstance(mode, ast.Constant) and set(str(mode.value)) <= set("rbt")):
                found.append(f"{where} open() for writing")
        elif attr in ("write_text", "write_bytes"):
            found.append(f"{where} {attr}")
        elif attr == "replace" and getattr(f.value, "id", None) == "os":
            found.append(f"{where} os.replace")
        elif call.args and (attr in SAVES or (attr in MODULE_SAVES and getattr(f.value, "id", None) in MODULES)):
            first = call.args[0]
            over_yielded = isinstance(f.value, ast.Name) and f.value.id in wrappers
            if not (over_yielded or (isinstance(first, ast.Name) and first.id in yielded[function])):
                found.append(f"{where} {attr} to something atomic_write did not yield")
        elif attr == "open" and getattr(f.value, "id", None) == "os" and len(call.args) > 1:
            flags = ast.unparse(call.args[1])
            allowed = (name, getattr(function, "name", "")) in RAW_OPEN_ALLOWED
            if any(w in flags for w in ("O_WRONLY", "O_RDWR", "O_CREAT")) and not allowed:
                found.append(f"{where} os.open for writing")
    return sorted(found, key=lambda w: int(w.split(":")[1].split()[0]))


def test_no_module_writes_a_file_except_through_the_helper():
    modules = [p for p in sorted((ROOT / "nimlib").rglob("*.py")) if p.name != "_atomic.py"]
    assert len(modules) > 20
    offenders = [w for p in modules for w in _writes_outside_the_helper(p)]
    assert offenders == []


# Tools that write files on their own terms, and why: benchmarks write scratch files in folders they make and
# remove; lock.py has uv write the lock to a temporary file in the folder, then syncs and renames it itself (it
# runs before nimlib is installed); print_book's page-number pass writes its PDF into a temporary folder.
TOOL_WRITES_ALLOWED = {
    "tools/bench_cli.py": 1,
    "tools/bench_frontier.py": 3,
    "tools/bench_widgets.py": 2,
    "tools/lock.py": 2,
    "tools/print_book.py": 1,
}


def test_no_tool_writes_data_except_through_the_helper():
    """Census, certificates, frequencies, notebooks, the theorem page, PDFs: whole or not at all (issue 39)."""
    tools = sorted((ROOT / "tools").rglob("*.py"))
    assert len(tools) > 15
    found: dict[str, int] = {}
    for path in tools:
        name = path.relative_to(ROOT).as_posix()
        if writes := _writes_outside_the_helper(path, name):
            found[name] = len(writes)
    assert found == TOOL_WRITES_ALLOWED


def test_the_scan_finds_a_plain_write(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text(
        "import os\n"
        "def f(fig, p):\n    open(p, 'w').write('x')\n    fig.savefig(p)\n"
        "    import pathlib\n    pathlib.Path(p).write_text('x')\n    os.open(p, os.O_WRONLY)\n"
        "    with atomic_write(p, 'wb') as out:\n        fig.savefig(out)\n    open(p).read()\n    self.save(p)\n"
        "    import json\n    json.dump({}, p)\n"
        "    with PdfPages(p) as pdf:\n        pdf.savefig(fig)\n"
        "    with atomic_write(p, 'wb') as out, PdfPages(out) as book:\n        book.savefig(fig)\n",
        encoding="utf-8",
    )
    assert [w.split(" ", 1)[1] for w in _writes_outside_the_helper(bad, "probe.py")] == [
        "open() for writing",
        "savefig to something atomic_write did not yield",
        "write_text",
        "os.open for writing",
        "dump to something atomic_write did not yield",
        "savefig to something atomic_write did not yield",
    ]


# ---------------------------------------------------------------- the helper itself


def test_the_helper_replaces_whole_or_leaves_the_old_file(tmp_path):
    target = tmp_path / "f.txt"
    target.write_bytes(OLD)
    with atomic_write(target) as f:
        f.write("new\n")
    assert target.read_bytes() == b"new\n" and temp_files(target) == []

    with pytest.raises(RuntimeError), atomic_write(target) as f:
        f.write("half")
        raise RuntimeError("stopped half-way")
    assert target.read_bytes() == b"new\n" and temp_files(target) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]


def test_the_helper_names_the_file_in_one_line_and_keeps_the_errno(tmp_path):
    missing = tmp_path / "no such folder" / "f.txt"
    with (
        pytest.raises(OSError, match=r"cannot write the values to .*f\.txt: No such file") as error,
        atomic_write(missing, what="the values") as f,
    ):
        f.write("x")
    assert error.value.errno == 2 and "\n" not in str(error.value) and not str(error.value).startswith("[Errno")


def test_the_helper_keeps_the_old_mode_and_writes_through_a_link(tmp_path):
    target = tmp_path / "f.txt"
    target.write_bytes(OLD)
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with atomic_write(link, "wb") as f:
        f.write(b"through the link\n")
    assert link.is_symlink() and target.read_bytes() == b"through the link\n"
    assert target.stat().st_mode & 0o777 == 0o640


def test_an_exclusive_write_never_replaces_and_leaves_nothing_behind(tmp_path):
    target = tmp_path / "stream.lock"
    with atomic_write(target, exclusive=True) as f:
        f.write("123\n")
    assert target.read_text() == "123\n"
    with (
        pytest.raises(FileExistsError, match="cannot write the lock to"),
        atomic_write(target, exclusive=True, what="the lock") as f,
    ):
        f.write("456\n")
    assert target.read_text() == "123\n" and sorted(p.name for p in tmp_path.iterdir()) == ["stream.lock"]


def test_an_exclusive_write_without_hard_links_still_creates_whole(tmp_path, monkeypatch):
    def no_links(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "stream.lock"
    with atomic_write(target, exclusive=True) as f:
        f.write("123\n")
    assert target.read_text() == "123\n" and sorted(p.name for p in tmp_path.iterdir()) == ["stream.lock"]
    with pytest.raises(FileExistsError), atomic_write(target, exclusive=True) as f:
        f.write("456\n")
    assert target.read_text() == "123\n" and sorted(p.name for p in tmp_path.iterdir()) == ["stream.lock"]
