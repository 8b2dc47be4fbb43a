#!/usr/bin/env python3
"""Page weight of the board page on generated boards: bytes against cmark's HTML for the same Markdown,
DOM nodes per card, and the time to DOMContentLoaded in headless Chromium (median of several loads), beside
the same browser's time for cmark's HTML of the board as a bare page (a reference for how fast this machine,
as loaded as it is, parses that much HTML; loads of the two alternate).

This is a measurement, never a test: it prints the figures and the targets (at most 2x cmark's bytes, at
most 30 DOM nodes per card, DOMContentLoaded under 300 ms at 1,000 cards) as met or missed, and exits 0.

    Benchmarks/page_weight.py                          1,000 / 2,000 / 5,000 cards, 5 loads each
    Benchmarks/page_weight.py --sizes 1000 10000 --runs 9
    Benchmarks/page_weight.py --templates old-templates --label before    another template set

Needs: a built pm-render (`swift build`), `cmark` (apt-get install cmark), Chromium with chromedriver and
Selenium (the integration tests' .venv: run it as `.venv/bin/python Benchmarks/page_weight.py`).
Results: a Markdown table on stdout and OUT/page-weight-LABEL.json (OUT: Benchmarks/out by default).
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Benchmarks"))
from generate_board import write_board  # noqa: E402

TARGET_RATIO = 2.0
TARGET_NODES_PER_CARD = 30
TARGET_DCL_MS = 300
TARGET_DCL_SIZE = 1000

# Every element, and every node (text and comments included), of the document once it is parsed.
COUNT_NODES = """
const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
let nodes = 0;
while (walker.nextNode()) nodes++;
return [document.getElementsByTagName('*').length, nodes];
"""
DCL = """
const n = performance.getEntriesByType('navigation')[0];
return [n.domContentLoadedEventEnd, n.loadEventEnd];
"""


def binary_path(explicit):
    if explicit:
        return pathlib.Path(explicit)
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
    return pathlib.Path(bin_dir) / "pm-render"


def make_driver():
    os.environ.setdefault("SE_OFFLINE", "true")
    os.environ.setdefault("SE_AVOID_STATS", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--window-size=1280,800", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


def measure(size, args, binary, out, driver):
    board = out / f"board-{size}.md"
    with board.open("w") as handle:
        write_board(size, handle)
    site = out / f"site-{size}-{args.label}"
    command = [str(binary), str(board), "-o", str(site), "--today", "2026-11-22", "--no-history"]
    if args.templates:
        command += ["--templates", args.templates]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    page = site / "index.html"
    page_bytes = page.stat().st_size
    cmark_html = subprocess.run(["cmark", str(board)], capture_output=True, check=True).stdout
    cmark_page = out / f"cmark-{size}.html"
    cmark_page.write_bytes(b'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>cmark</title></head>'
                           b"<body>\n" + cmark_html + b"</body></html>\n")
    url = page.as_uri()
    driver.get("about:blank")
    driver.get(url)  # a first load warms the disk cache and the browser
    elements, nodes = driver.execute_script(COUNT_NODES)
    dcl, load, floor = [], [], []
    for _ in range(args.runs):
        driver.get("about:blank")
        driver.get(url)
        d, l = driver.execute_script(DCL)
        dcl.append(d)
        load.append(l)
        driver.get("about:blank")
        driver.get(cmark_page.as_uri())
        floor.append(driver.execute_script(DCL)[0])
    return {
        "cards": size, "bytes": page_bytes, "cmark_bytes": len(cmark_html), "ratio": page_bytes / len(cmark_html),
        "elements": elements, "nodes": nodes, "elements_per_card": elements / size, "nodes_per_card": nodes / size,
        "dcl_ms": statistics.median(dcl), "dcl_min_ms": min(dcl), "load_ms": statistics.median(load),
        "cmark_dcl_ms": statistics.median(floor), "runs": args.runs,
    }


def verdict(met):
    return "met" if met else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000])
    parser.add_argument("--runs", type=int, default=5, help="loads per size (the median is reported)")
    parser.add_argument("--binary", help="pm-render to use (default: the debug build of this checkout)")
    parser.add_argument("--templates", help="a template folder to render with instead of the built-in one")
    parser.add_argument("--label", default="current", help="a name for this set of figures (before, after…)")
    parser.add_argument("--out", default=str(ROOT / "Benchmarks" / "out"))
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    binary = binary_path(args.binary)
    driver = make_driver()
    try:
        results = [measure(size, args, binary, out, driver) for size in args.sizes]
    finally:
        driver.quit()
    (out / f"page-weight-{args.label}.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"Page weight ({args.label}), headless Chromium, median of {args.runs} loads\n")
    print("| cards | page | cmark | page/cmark | elements/card | nodes/card | DOMContentLoaded | load "
          "| cmark's HTML: DOMContentLoaded |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['cards']:,} | {r['bytes'] / 1e6:.2f} MB | {r['cmark_bytes'] / 1e6:.2f} MB | {r['ratio']:.2f}× "
              f"| {r['elements_per_card']:.1f} | {r['nodes_per_card']:.1f} | {r['dcl_ms']:.0f} ms | {r['load_ms']:.0f} ms "
              f"| {r['cmark_dcl_ms']:.0f} ms |")
    print()
    for r in results:
        print(f"{r['cards']:,} cards: bytes at most {TARGET_RATIO}× cmark: {verdict(r['ratio'] <= TARGET_RATIO)}; "
              f"at most {TARGET_NODES_PER_CARD} DOM nodes per card: "
              f"{verdict(r['nodes_per_card'] <= TARGET_NODES_PER_CARD)}"
              + (f"; DOMContentLoaded under {TARGET_DCL_MS} ms: {verdict(r['dcl_ms'] < TARGET_DCL_MS)}"
                 if r["cards"] == TARGET_DCL_SIZE else ""))


if __name__ == "__main__":
    main()
