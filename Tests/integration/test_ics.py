"""The calendar feed, checked strictly: the `icalendar` parser plus the RFC 5545 rules it is lenient
about (CRLF line endings, 75-octet folding that never splits a UTF-8 character, required properties)."""
import json
import os
import pathlib
import subprocess

import icalendar
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("PM_RENDER_BINARY", str(ROOT / ".build/debug/pm-render"))
BOARDS = ["examples/board.md", "examples/ko.md", "examples/obsidian.md", "Tests/PMRenderTests/Fixtures/boards/calendar.md"]


def run(*arguments):
    result = subprocess.run([BINARY, *arguments], capture_output=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def feed(board):
    return run("export", board, "--format", "ics", "--today", "2026-11-22", "--base-url", "https://boards.example/team/")


def unfold(raw):
    return raw.decode("utf-8").replace("\r\n ", "")


@pytest.mark.parametrize("board", BOARDS)
def test_physical_lines(board):
    raw = feed(board)
    assert raw.endswith(b"\r\n")
    assert b"\n" not in raw.replace(b"\r\n", b""), "every line ends with CRLF"
    assert b"\r" not in raw.replace(b"\r\n", b""), "no bare CR"
    for line in raw.split(b"\r\n")[:-1]:
        assert len(line) <= 75, line
        line.decode("utf-8")  # a fold never splits a UTF-8 character


@pytest.mark.parametrize("board", BOARDS)
def test_parses_with_required_properties(board):
    raw = feed(board)
    calendar = icalendar.Calendar.from_ical(raw)
    assert calendar["VERSION"] == "2.0" and calendar["PRODID"]
    cards = {c["id"]: c for lane in json.loads(run("export", board))["lanes"] for c in lane["cards"]}
    expected = {cid for cid, c in cards.items() if c["due"] and c["state"] != "done"}
    events = list(calendar.walk("VEVENT"))
    assert len(events) == len(expected)
    uids = [str(e["UID"]) for e in events]
    assert len(set(uids)) == len(uids)
    for event in events:
        for name in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
            assert name in event, name
        card = cards[str(event["UID"]).split("@")[0].rsplit(".", 1)[0]]
        assert str(event["SUMMARY"]) == card["title"]
        start = event["DTSTART"].dt
        if "T" in card["due"]:
            assert start.tzinfo is not None and start.utcoffset().total_seconds() == 0, "timed events are in UTC"
        else:
            assert str(start) == card["due"] and event["DTEND"].dt.toordinal() == start.toordinal() + 1
        assert str(event["URL"]).startswith("https://boards.example/team/index.html#card-")
        alarms = list(event.walk("VALARM"))
        assert len(alarms) == 1
        assert "TRIGGER" in alarms[0] and str(alarms[0]["ACTION"]) == "DISPLAY"


def test_special_characters_round_trip():
    calendar = icalendar.Calendar.from_ical(feed("Tests/PMRenderTests/Fixtures/boards/calendar.md"))
    # icalendar keeps unknown X- properties as written: check the escaping itself.
    assert str(calendar["X-WR-CALNAME"]) == "캘린더\\, 테스트\\; board \\\\ with specials"
    events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
    long = next(e for s, e in events.items() if s.startswith("한국어 제목의 아주 긴 카드"))
    assert "Line one with ; semicolon, comma and \\ backslash.\nLine two: bold and a link (https://example.com/a?b=1&c=2)." \
        in str(long["DESCRIPTION"])
    assert str(long.walk("VALARM")[0]["TRIGGER"].dt) == "-1 day, 22:00:00"  # 2h before
    summer = events["Timed in summer"]
    assert summer["DTSTART"].dt.isoformat() == "2026-07-04T22:00:00+00:00"
    assert [str(c) for c in summer["CATEGORIES"].cats] == ["a;b", "c\\d"]
    assert "Description with \"quotes\" and <tags>." in str(summer["DESCRIPTION"])


def test_uids_are_stable_across_renders():
    assert feed("examples/board.md") == feed("examples/board.md")
