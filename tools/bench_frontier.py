"""The engine at the frontier: CPU time and memory of the streaming engine, and a race with Rogalski's solver.

Usage: python tools/bench_frontier.py [--min-log K0] [--max-log K] [--games 0.167,...] [--no-table] [--goal]
                                      [--rust BINARY_OR_DIR]
       python tools/bench_frontier.py --command [--repeat R] [--log K[,K2...]] [--load L] [--games ...]
                                      [--no-table] --rust ...

``--command`` times what a user runs, whole process against whole process (imports, numba's start-up
and the estimate included, as the user pays them; one untimed small run first fills numba's on-disk cache,
as a user's first run does once after installing): ``nimlib rare GAME --to N --heaps-from 1
--frequencies F --checkpoint D`` (a fresh folder each time), interleaved with Rogalski's ``octal
GAME N+1 0`` (the same heaps 1..N) and, unless ``--no-table``, the in-memory engine in a process of
its own (``GrundyTable(game).extend(N + 1)``), R rounds (nimlib, in memory, Rust, nimlib, …) so that
all three share the load. It prints every run's CPU time (user + sys, ``os.wait4``), peak memory and
the load average around it, then the best and the median of each and their ratios to Rust's, and
checks the frequency file byte for byte against Rogalski's published file where tests/data has it
(tests/data/frequencies/published/GAME/N), else against his solver's own output of the same run
(converted by tools/rust_frequencies.py). ``--load L`` runs the race under a load it makes itself: L
background processes that each sum a 256 MiB array over and over (they compete for the cores, the
caches and memory bandwidth, as other work does), started before the first round and stopped after
the last; every run's line shows the load average.

Otherwise it prints, asserting nothing:

- 0.167, 0.161 and 0.014 streamed (nimlib.engine.stream) at N = 2^22 .. 2^K
  (default K = 24), beside the in-memory engine (``engine.table.GrundyTable``):
  the CPU time (user + sys) of the run itself, the whole child process's
  CPU time (imports and the warm-up included) and its peak resident memory,
  and whether the value frequencies equal the published file where
  tests/data/frequencies has one (2^24: the tests check 0.167 there, this
  script 0.161 and 0.014, which take a minute or more each);
- 0.106 on the parity method to 2^24;
- 0.167 to 2^32: extrapolated from the largest size run (``--goal`` runs
  it, about an hour or more, in bounded memory);
- the race: Rogalski's Rust solver "octal" (MIT) on the same N, ``octal
  GAME N 0``, which computes heaps 0..N-1 and counts their values, as
  ``Stream.run(N)`` does; its CPU time (user + sys, from ``os.wait4``), peak
  memory, and the ratios nimlib/Rust of the CPU times. ``--rust`` (or
  $ROGALSKI_OCTAL) is the built binary, or a source folder: its
  target/release/octal if built, else built offline with ``cargo build
  --release --offline`` against Debian's librust-* crates
  (/usr/share/cargo/registry; /work/shared/rogalski-octal/build.sh builds it
  with the crates Debian lacks). When there is none it says so and prints
  nimlib's figures alone.

Each run is a fresh process, so the peak memory (ru_maxrss) is that run's own. Machines are shared and
noisy: CPU time holds up under contention better than wall time; compare ratios, not seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Published frequency files (Rogalski's format) the streamed runs are compared with, where one exists
REFERENCE = ROOT / "tests" / "data" / "frequencies"

RUN = """
import json, resource, sys, time
from nimlib import octal
code, n, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if how == "table":
    from nimlib.engine.table import GrundyTable
    GrundyTable(octal(code)).extend(1 << 16)
    start, cpu = time.perf_counter(), time.process_time()
    GrundyTable(octal(code)).extend(n)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    extra = {}
else:
    from nimlib.engine.stream import Stream
    Stream(octal(code)).run(1 << 16)
    start, cpu = time.perf_counter(), time.process_time()
    s = Stream(octal(code), method=how)
    s.run(n)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    extra = {"method": s.method.name, "mask": s.method.mask, "rare": s.n_rare, "window": s.w,
             "held_mib": s.memory / 2**20}
    from pathlib import Path
    from nimlib.engine.stream import read_frequencies
    ref = Path(sys.argv[4]) / code / str(n)
    if ref.is_file():
        extra["reference"] = s.frequencies() == read_frequencies(ref)
print(json.dumps({"seconds": seconds, "cpu": cpu, **extra}))
"""


def child(command: list[str], env: dict | None = None) -> tuple[int, str, float, float]:
    """Run a command; (exit code, its stdout, or stderr if it failed, its CPU seconds (user + sys), peak MiB).

    The figures are the child's own, from ``os.wait4``: other processes on a shared machine do not count.
    """
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(command, stdout=out, stderr=err, text=True, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read() if proc.returncode == 0 else err.read()
    return proc.returncode, text, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def run(code: str, n: int, how: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    status, out, cpu, peak = child([sys.executable, "-c", RUN, code, str(n), how, str(REFERENCE)], env)
    if status:
        return {"error": out.strip().splitlines()[-1] if out.strip() else f"exit {status}"}
    return {**json.loads(out), "process_cpu": cpu, "peak_mib": peak}


def show(label: str, r: dict) -> None:
    if "error" in r:
        print(f"  {label:<24} failed: {r['error']}")
        return
    more = f"  ({r['method']}, mask {r['mask']:#x}, {r['rare']} rare, window {r['window']:,})" if "method" in r else ""
    if "reference" in r:
        more += "  frequencies " + ("= the published file" if r["reference"] else "DIFFER from the published file")
    own = f"{r['cpu']:8.2f} s CPU run" if "cpu" in r else " " * 19
    print(
        f"  {label:<24} {own}  {r['process_cpu']:8.2f} s CPU process  {r['peak_mib']:7.0f} MiB peak{more}", flush=True
    )


def build_rust(source: Path | None) -> Path | None:
    """Rogalski's solver: ``source`` itself if it is the built binary, else its folder's build (made offline if
    missing); None (after saying why) when there is none."""
    if source is not None and source.is_file() and os.access(source, os.X_OK):
        return source
    built = source / "target" / "release" / "octal" if source is not None else None
    if built is not None and built.is_file() and os.access(built, os.X_OK):
        return built
    if source is None or not (source / "Cargo.toml").is_file():
        print(f"Rogalski's solver: no source (--rust DIR or $ROGALSKI_OCTAL; got {source}): not raced")
        return None
    if shutil.which("cargo") is None:
        print("Rogalski's solver: no cargo: not raced")
        return None
    registry = Path("/usr/share/cargo/registry")
    if not registry.is_dir():
        print(f"Rogalski's solver: no Debian crates in {registry} (apt install librust-*-dev): not raced")
        return None
    home = Path(os.environ.get("TMPDIR", "/tmp")) / "nimlib-cargo-home"
    home.mkdir(exist_ok=True)
    (home / "config.toml").write_text(
        f'[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "{registry}"\n'
        "[net]\noffline = true\n"
    )
    env = {**os.environ, "CARGO_HOME": str(home)}
    done = subprocess.run(["cargo", "build", "--release", "--offline"], cwd=source, env=env, capture_output=True)
    if done.returncode:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-3:]
        print("Rogalski's solver: the offline build failed:\n    " + "\n    ".join(tail))
        return None
    exe = source / "target" / "release" / "octal"
    return exe if exe.is_file() else None


def time_rust(exe: Path, code: str, n: int) -> dict:
    """``octal GAME N 0``: heaps 0..N-1, the heaps ``Stream.run(N)`` computes (no tail phase).

    Its published file N is a run to N + 1 (tests/data/frequencies/README.md); a race computes the same heaps.
    """
    status, out, cpu, peak = child([str(exe), code, str(n), "0"])
    if status:
        return {"error": f"exit {status}: {out.strip().splitlines()[-1] if out.strip() else ''}"}
    return {"process_cpu": cpu, "peak_mib": peak}


def ratio(a: dict, b: dict) -> str:
    """nimlib's CPU over Rust's, whole process against whole process (imports and warm-up included: a user
    pays for them; the run's own CPU against Rust's whole process flattered nimlib, 0.94 for 1.30 at 2^22)."""
    return f"{a['process_cpu'] / b['process_cpu']:.2f}" if "error" not in a and "error" not in b else "-"


TABLE = """
import sys
from nimlib import octal
from nimlib.engine.table import GrundyTable
GrundyTable(octal(sys.argv[1])).extend(int(sys.argv[2]) + 1)
"""


LOADER = """
import numpy as np
a = np.ones(1 << 25)  # 256 MiB of float64: summing it streams through memory, past every cache
while True:
    a.sum()
"""


def start_load(count: int) -> list[subprocess.Popen]:
    """``count`` background processes streaming through memory (``--load``); stop them with ``stop_load``."""
    return [subprocess.Popen([sys.executable, "-c", LOADER]) for _ in range(count)]


def stop_load(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        proc.kill()
        proc.wait()


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _best_median(cpus: list[float]) -> tuple[float, float]:
    ordered = sorted(cpus)
    return ordered[0], ordered[len(ordered) // 2]


def fill_numba_cache() -> None:
    """One untimed small run, once before the race: numba compiles the kernels once after an install or a change
    and caches them on disk (the same kernels serve every game); every user's run after that loads the cache, and
    that load is in every timed run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="bench-frontier-") as tmp:
        child([sys.executable, "-m", "nimlib", "rare", "0.167", "--to", "4096", "--checkpoint", tmp], env)


def race_command(rust: Path | None, code: str, n: int, repeat: int, table: bool) -> dict:
    """The user's command against Rust's, interleaved ``repeat`` times (see the module docstring)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs: dict[str, list[tuple[float, float]]] = {"nimlib streamed": [], "in memory": [], "Rust": []}
    same: list[bool] = []
    # Rogalski's layout, heaps 1..N: his published file if tests/data has it, else his solver's own output
    # (tests/data/frequencies/GAME/N is nimlib's older layout, heaps 0..N-1: not the same bytes)
    published = REFERENCE / "published" / code / str(n)
    reference = published
    for r in range(repeat):
        with tempfile.TemporaryDirectory(prefix="bench-frontier-") as tmp:
            freq = Path(tmp) / "frequencies"
            command = [sys.executable, "-m", "nimlib", "rare", code, "--to", str(n), "--heaps-from", "1"]
            command += ["--frequencies", str(freq), "--checkpoint", str(Path(tmp) / "checkpoint")]
            before = _load()
            status, out, cpu, peak = child(command, env)
            if status:
                print(f"  nimlib rare failed: {out.strip().splitlines()[-1:]}")
                return {}
            runs["nimlib streamed"].append((cpu, peak))
            print(f"  round {r + 1}: nimlib rare {cpu:7.2f} s CPU {peak:5.0f} MiB (load {before})", flush=True)
            if table:
                before = _load()
                status, out, cpu, peak = child([sys.executable, "-c", TABLE, code, str(n)], env)
                if not status:
                    runs["in memory"].append((cpu, peak))
                    print(f"           in memory   {cpu:7.2f} s CPU {peak:5.0f} MiB (load {before})", flush=True)
            if rust is not None:
                before = _load()
                rust_out = Path(tmp) / "rust.txt"
                with open(rust_out, "w") as f:
                    proc = subprocess.Popen([str(rust), code, str(n + 1), "0"], stdout=f, stderr=subprocess.DEVNULL)
                    _, status, usage = os.wait4(proc.pid, 0)
                cpu, peak = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
                if os.waitstatus_to_exitcode(status) == 0:
                    runs["Rust"].append((cpu, peak))
                    print(f"           Rust        {cpu:7.2f} s CPU {peak:5.0f} MiB (load {before})", flush=True)
                    if not reference.is_file() and n & (n - 1) == 0:
                        reference = Path(tmp) / "rust-frequencies"
                        with open(rust_out) as fin, open(reference, "w") as fout:
                            subprocess.run(
                                [sys.executable, str(ROOT / "tools" / "rust_frequencies.py"), str(n)],
                                stdin=fin, stdout=fout, check=True,
                            )  # fmt: skip
            if reference.is_file():
                same.append(freq.read_bytes() == reference.read_bytes())
            if reference.parent == Path(tmp):
                reference = published
    summary = {k: (*_best_median([c for c, _ in v]), max(p for _, p in v)) for k, v in runs.items() if v}
    print(f"  {code} 2^{n.bit_length() - 1}, {repeat} rounds, load now {_load()}:")
    rust_cpu = summary.get("Rust")
    for key, (best, median, peak) in summary.items():
        ratio_text = ""
        if rust_cpu is not None and key != "Rust":
            ratio_text = f"  ratio to Rust: best {best / rust_cpu[0]:.2f}, median {median / rust_cpu[1]:.2f}"
        print(f"    {key:<16} best {best:7.2f} s  median {median:7.2f} s  peak {peak:5.0f} MiB{ratio_text}")
    if same:
        verdict = "byte-identical" if all(same) else "DIFFERENT"
        print(f"    frequencies: {verdict} to Rogalski's ({sum(same)} of {len(same)} runs)")
    else:
        print("    frequencies: no reference to compare with")
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--min-log", type=int, default=22, help="smallest size 2^K0 (default 22)")
    parser.add_argument("--max-log", type=int, default=24, help="largest size 2^K for the three games (22..30)")
    parser.add_argument("--games", default="0.167,0.161,0.014", help="comma-separated octal codes")
    parser.add_argument("--no-table", action="store_true", help="skip the in-memory engine")
    parser.add_argument("--goal", action="store_true", help="run 0.167 to 2^32 instead of extrapolating")
    parser.add_argument(
        "--rust", type=Path, default=os.environ.get("ROGALSKI_OCTAL"), help="Rogalski's binary or source folder"
    )
    parser.add_argument("--command", action="store_true", help="time the user's command, interleaved with Rust")
    parser.add_argument("--log", default="24", help="--command: N = 2^K, or sizes K1,K2,... (default 24)")
    parser.add_argument("--load", type=int, default=0, help="--command: L background processes as load (default 0)")
    parser.add_argument("--repeat", type=int, default=3, help="--command: rounds (default 3)")
    args = parser.parse_args()
    parts = args.log.split(",")
    logs = [int(k) for k in parts if k.isascii() and k.isdigit()]
    if len(logs) != len(parts) or not all(10 <= k <= 32 for k in logs) or not 0 <= args.load <= 8:
        parser.error(f"--log takes sizes K from 10 to 32 (N = 2^K), got {args.log!r}; --load 0 to 8, got {args.load}")
    print(f"load average {_load()} (1/5/15 min) on {os.cpu_count()} cores")
    rust = build_rust(Path(args.rust) if args.rust else None)
    if args.command:
        fill_numba_cache()
        loaders = start_load(args.load)
        try:
            if loaders:
                print(f"load: {args.load} background process(es), each summing a 256 MiB array over and over")
            for k in logs:
                for code in args.games.split(","):
                    print(code)
                    race_command(rust, code, 1 << k, max(1, args.repeat), not args.no_table)
        finally:
            stop_load(loaders)
        return
    rows, last = [], {}
    for code in args.games.split(","):
        print(code)
        for k in range(args.min_log, args.max_log + 1):
            n = 1 << k
            streamed = run(code, n, "auto")
            show(f"2^{k} streamed", streamed)
            table = {"error": "skipped"}
            if k <= 26 and not args.no_table:
                table = run(code, n, "table")
                show(f"2^{k} in memory", table)
            raced = {"error": "not raced"}
            if rust is not None:
                raced = time_rust(rust, code, n)
                show(f"2^{k} Rogalski (Rust)", raced)
                print(
                    f"  {'':<24} CPU ratio nimlib/Rust: streamed {ratio(streamed, raced)}, "
                    f"in memory {ratio(table, raced)}"
                )
            rows.append((code, k, streamed, table, raced))
            if "error" not in streamed:
                last[code] = (n, streamed)
    if rust is not None:
        print("\nCPU seconds of the whole process (nimlib's includes its imports and a warm-up run) and peak MiB")
        print("game   N     streamed  in memory  Rust      streamed/Rust  in memory/Rust  peak MiB (str/mem/Rust)")
        for code, k, s, m, r in rows:
            cpu = [f"{x['process_cpu']:8.2f}" if "error" not in x else "       -" for x in (s, m, r)]
            peak = "/".join(f"{x['peak_mib']:.0f}" if "error" not in x else "-" for x in (s, m, r))
            print(f"{code:<6} 2^{k}  {cpu[0]}  {cpu[1]}   {cpu[2]}  {ratio(s, r):>13}  {ratio(m, r):>14}  {peak}")
    if "0.106" not in args.games:
        print("0.106 (parity method)")
        show("2^24 streamed", run("0.106", 1 << 24, "auto"))
    print("goal: 0.167 to 2^32")
    if args.goal:
        show("2^32 streamed", run("0.167", 1 << 32, "auto"))
    elif "0.167" in last:
        n, r = last["0.167"]
        print(f"  extrapolated from 2^{n.bit_length() - 1}: {r['cpu'] * (1 << 32) / n / 60:,.0f} CPU min, "
              f"memory as at 2^{n.bit_length() - 1} ({r['held_mib']:.0f} MiB held)")  # fmt: skip


if __name__ == "__main__":
    main()
