"""Print how light the built book's pages are: load and first-playable times, JS bytes, axe-core findings.

Usage (after a build, `jupyter-book build . --all`):

    PYTHONPATH=. .venv/bin/python tools/bench_pages.py [_build/html] [--runs 3] [--axe] [--phone]

It serves the HTML folder on localhost, opens every chapter in headless Chromium (network off, cache
off) and prints, median of ``--runs`` loads each: the prose page's load time and JavaScript bytes,
every chapter's first-game-playable time (as a multiple of the prose page's) and JavaScript bytes.
``--axe`` adds axe-core's WCAG A/AA violations by page and rule; ``--phone`` the targets out of
sight or under 24 px at 390 px. It asserts nothing: the speed goal (slowest first game playable within
1.5x the prose page's load) is a timing on a shared machine, so it is printed here, with the verdict,
and never asserted in a test. tests/test_pages.py asserts the byte budget and that every game starts.
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_pages import (  # noqa: E402
    GAME_JS_BYTES,
    SLOWEST_RATIO,
    axe_violations,
    measure_pages,
    phone_problems,
    report_speed,
)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from tests.test_browser import CHROMEDRIVER, CHROMIUM

    if not (CHROMIUM and CHROMEDRIVER):
        raise SystemExit("chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    offline = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", offline]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(1280, 1000)
    return driver


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html", nargs="?", default=str(ROOT / "_build" / "html"), help="the built HTML folder")
    parser.add_argument("--runs", type=int, default=3, help="loads per page (the median is printed)")
    parser.add_argument("--axe", action="store_true", help="also run axe-core on every page")
    parser.add_argument("--phone", action="store_true", help="also check targets at 390 px")
    args = parser.parse_args(argv)
    html = Path(args.html)
    if not (html / "index.html").is_file():
        parser.error(f"html must be a built book folder with index.html, got {html}")
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(html)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_address[1]}"
    browser = _browser()
    try:
        figures = measure_pages(browser, server, html, runs=args.runs)
        print("\n".join(report_speed(figures)))
        slowest = max(c["playable_ms"] for c in figures["chapters"].values())
        extra = max(c["js_bytes"] for c in figures["chapters"].values()) - figures["prose"]["js_bytes"]
        ratio = slowest / figures["prose"]["load_ms"]
        print(
            f"slowest chapter: {ratio:.2f}x the prose page (goal {SLOWEST_RATIO}x: "
            f"{'met' if ratio <= SLOWEST_RATIO else 'NOT met'}); games add at most {extra / 1e6:.3f} MB of JS "
            f"(budget {GAME_JS_BYTES / 1e6:.1f} MB)"
        )
        if args.axe:
            found = axe_violations(browser, server, html)
            rules = collections.Counter()
            for page, violations in found.items():
                for v in violations:
                    rules[(v["id"], v["impact"])] += len(v["nodes"])
                    for node in v["nodes"][:3]:
                        print(f"axe {v['impact']} {v['id']} {page}: {node}")
            print(f"axe-core on {len(found)} pages:", dict(rules) or "no violations")
        if args.phone:
            problems = phone_problems(browser, server, html)
            for page, items in problems.items():
                print(page, items[:10])
            print(f"at 390 px: {sum(map(len, problems.values()))} targets out of sight or under 24 px")
    finally:
        browser.quit()
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
