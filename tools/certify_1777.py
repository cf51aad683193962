"""Certify the period of 0.1777 (Flammenkamp: period 60,620,715, last exception at heap 160,949,017) in bounded memory.

Usage: python tools/certify_1777.py [OUT.json] [--game CODE --period P]

Streams the values (nimlib.engine.stream) and compares each with the value
p heaps before (nimlib.engine.periods): about 443 million values, hours on
one core, about 250 MB of rings (p values of 2 bytes, and the rings of p/5
and the other p/q). Progress goes to stderr; at the end the certificate is
written to OUT.json (default 0.1777-period.json), to be checked with
``nimlib check OUT.json`` (which recomputes it all again). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

from nimlib import octal
from nimlib._atomic import atomic_write
from nimlib.engine.periods import certificate, certify_period, needed_values


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default="0.1777-period.json")
    parser.add_argument("--game", default="0.1777")
    parser.add_argument("--period", type=int, default=60_620_715)
    parser.add_argument("--last-exception", type=int, default=160_949_017, help="the claim, to size the run")
    args = parser.parse_args()
    game = octal(args.game)
    cap = needed_values(args.last_exception + 1, args.period, game.max_take)
    start = time.monotonic()

    def progress(done: int) -> None:
        rate = done / max(time.monotonic() - start, 1e-9)
        if done % (1 << 24) < (1 << 20):
            print(f"{done:,} of {cap:,} values, {rate:,.0f} a second", file=sys.stderr, flush=True)

    result = certify_period(game, args.period, max_n=cap, progress=progress, max_seconds=None)  # a long run by design
    seconds = time.monotonic() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({**result, "seconds": round(seconds, 1), "peak_rss_mib": round(peak)}))
    if result["certified"] and result["least"]:
        with atomic_write(args.out, what="the certificate") as f:  # whole or not at all
            f.write(json.dumps(certificate(result), indent=1))
        print(f"certificate written to {args.out}")
    else:
        print("not certified: no certificate written")


if __name__ == "__main__":
    main()
