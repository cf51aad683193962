"""The engine at the frontier: time and memory of the streaming engine, and a race with Rogalski's solver.

Usage: python tools/bench_frontier.py [--max-log K] [--goal] [--rust DIR]

Prints, asserting nothing:

- 0.167, 0.161 and 0.014 streamed (nimlib.engine.stream) at 2^22 .. 2^K
  (default K = 24), beside the in-memory engine (``engine.table.GrundyTable``):
  wall time and the peak resident memory of a fresh process for each run,
  and whether the value frequencies equal the published file where
  tests/data/frequencies has one (2^24: the tests check 0.167 there, this
  script 0.161 and 0.014, which take a minute or more each);
- 0.106 on the parity method to 2^24;
- 0.167 to 2^32: extrapolated from the largest size run (``--goal`` runs
  it, about an hour or more, in bounded memory);
- the race: Rogalski's Rust solver "octal" (MIT) built offline from DIR
  (``--rust``, or $ROGALSKI_OCTAL) with ``cargo build --release --offline``
  against Debian's librust-* crates (/usr/share/cargo/registry). When the
  source or the crates are missing it says so and prints nimlib's figures
  alone.

Each run is a fresh ``python -c`` process, so the peak memory (ru_maxrss) is
that run's own. Machines are shared and noisy: compare ratios, not seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Published frequency files (Rogalski's format) the streamed runs are compared with, where one exists
REFERENCE = ROOT / "tests" / "data" / "frequencies"

RUN = """
import json, resource, sys, time
from nimlib import octal
code, n, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if how == "table":
    from nimlib.engine.table import GrundyTable, warm_up
    GrundyTable(octal(code)).extend(1 << 16)
    start = time.perf_counter()
    GrundyTable(octal(code)).extend(n)
    extra = {}
else:
    from nimlib.engine.stream import Stream
    Stream(octal(code)).run(1 << 16)
    start = time.perf_counter()
    s = Stream(octal(code), method=how)
    s.run(n)
    extra = {"method": s.method.name, "rare": s.n_rare, "window": s.w, "held_mib": s.memory / 2**20}
    seconds = time.perf_counter() - start
    from pathlib import Path
    from nimlib.engine.stream import read_frequencies
    ref = Path(sys.argv[4]) / code / str(n)
    if ref.is_file():
        extra["reference"] = s.frequencies() == read_frequencies(ref)
if how == "table":
    seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "peak_mib": peak, **extra}))
"""


def run(code: str, n: int, how: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", RUN, code, str(n), how, str(REFERENCE)], capture_output=True, text=True, env=env
    )
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout)


def show(label: str, r: dict) -> None:
    if "error" in r:
        print(f"  {label:<28} failed: {r['error']}")
        return
    more = f"  ({r['method']}, {r['rare']} rare, window {r['window']:,})" if "method" in r else ""
    if "reference" in r:
        more += "  frequencies " + ("= the published file" if r["reference"] else "DIFFER from the published file")
    print(f"  {label:<28} {r['seconds']:9.2f} s  {r['peak_mib']:8.0f} MiB peak{more}", flush=True)


def build_rust(source: Path | None) -> Path | None:
    """Build Rogalski's solver offline; None (after saying why) when it cannot be built."""
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
    start = time.perf_counter()
    # its arguments are GAME, how many heaps (g(0..n): it counts heap n too) and 0 (no run past them)
    out = subprocess.run(["/usr/bin/time", "-f", "%M", str(exe), code, str(n + 1), "0"], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    try:
        peak = int(out.stderr.strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        peak = float("nan")
    return {"seconds": seconds, "peak_mib": peak} if out.returncode == 0 else {"error": f"exit {out.returncode}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-log", type=int, default=24, help="largest size 2^K for the three games (22..30)")
    parser.add_argument("--goal", action="store_true", help="run 0.167 to 2^32 instead of extrapolating")
    parser.add_argument("--rust", type=Path, default=os.environ.get("ROGALSKI_OCTAL"), help="Rogalski's source")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rust = build_rust(Path(args.rust) if args.rust else None)
    last = {}
    for code in ("0.167", "0.161", "0.014"):
        print(code)
        for k in range(22, args.max_log + 1):
            n = 1 << k
            streamed = run(code, n, "auto")
            show(f"2^{k} streamed", streamed)
            if k <= 26:
                table = run(code, n, "table")
                show(f"2^{k} in memory", table)
            if rust is not None:
                raced = time_rust(rust, code, n)
                show(f"2^{k} Rogalski (Rust)", raced)
                if "error" not in raced and "error" not in streamed:
                    ratio = streamed["seconds"] / raced["seconds"]
                    print(f"  {'':<28} time ratio nimlib/Rust {ratio:.2f}")
            if "error" not in streamed:
                last[code] = (n, streamed)
    print("0.106 (parity method)")
    show("2^24 streamed", run("0.106", 1 << 24, "auto"))
    print("goal: 0.167 to 2^32")
    if args.goal:
        show("2^32 streamed", run("0.167", 1 << 32, "auto"))
    elif "0.167" in last:
        n, r = last["0.167"]
        print(f"  extrapolated from 2^{n.bit_length() - 1}: {r['seconds'] * (1 << 32) / n / 60:,.0f} min, "
              f"memory as at 2^{n.bit_length() - 1} ({r['held_mib']:.0f} MiB held)")  # fmt: skip


if __name__ == "__main__":
    main()
