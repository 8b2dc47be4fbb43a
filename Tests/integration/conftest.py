import json
import os
import pathlib
import signal
import subprocess
import sys

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SITES = pathlib.Path(os.environ.get("PM_RENDER_SITES", "test-output/browser/sites")).resolve()
SCREENSHOTS = pathlib.Path(os.environ.get("PM_RENDER_SCREENSHOTS", "test-output/browser/screenshots")).resolve()
EXAMPLES = [
    "board", "obsidian", "ko", "board-ko", "ko-en", "checklist", "kanbn", "taskell", "tasks", "vscode", "mermaid",
]


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--window-size=1280,800", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


@pytest.fixture(scope="session")
def driver():
    d = make_driver()
    yield d
    d.quit()


@pytest.fixture(scope="session")
def nojs_driver():
    d = make_driver(javascript=False)
    yield d
    d.quit()


def interrupt(process, timeout=30):
    """Stops a long-running pm-render (serve, --watch) as Ctrl-C does, and kills it if it has not exited `timeout`
    seconds later. Returns its exit status, or None when it had to be killed."""
    if process.poll() is not None:
        return process.returncode
    process.send_signal(signal.SIGINT)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None


def axe_violations(driver):
    """axe-core's violations on the page the driver shows: (rule, impact, the first three elements) each."""
    from selenium_axe_python import Axe

    axe = Axe(driver)
    axe.inject()
    # axe checks every element: on the long board that takes more than WebDriver's default 30 s on a loaded machine.
    driver.set_script_timeout(300)
    results = axe.run(options=json.dumps({"resultTypes": ["violations"]}))
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]]


def page_url(name, fragment="", page="index.html"):
    return (SITES / name / page).as_uri() + fragment


def set_viewport(driver, width, height, dark=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def reset_viewport(driver):
    set_viewport(driver, 1280, 800, dark=False)


ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
BASE_URL = "https://boards.example.com/train/"


def render(board, name, *arguments):
    """Renders BOARD into SITES/NAME with the pm-render the run script built; returns the completed process."""
    binary = os.environ.get("PM_RENDER_BINARY", str(ROOT / ".build" / "debug" / "pm-render"))
    return subprocess.run([binary, str(board), "-o", str(SITES / name), "--today", "2026-11-22", "--no-history",
                           *arguments], capture_output=True, text=True)


@pytest.fixture(scope="session", autouse=True)
def extra_sites(tmp_path_factory):
    """Sites the page tests need beyond the examples: a board using every card-face feature (published with
    --base-url), a board with group labels that have no cards, a long generated board, and the first example
    rendered with the templates from before format v2."""
    if not SITES.exists():
        return
    render(FIXTURES / "features.md", "features", "--base-url", BASE_URL)
    render(FIXTURES / "empty-groups.md", "empty-groups")
    sys.path.insert(0, str(ROOT / "Benchmarks"))
    from generate_board import write_board

    long_board = tmp_path_factory.mktemp("long") / "long.md"
    with long_board.open("w") as handle:
        write_board(300, handle)
    render(long_board, "long")
    render(ROOT / "examples" / "board.md", "v1-templates", "--templates", str(FIXTURES / "templates-v1"))
