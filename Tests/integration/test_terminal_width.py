"""The East Asian Width table of `pm-render show` (Sources/PMRender/Support/TerminalWidth.swift) against Python's
unicodedata, which carries the Unicode Character Database's EastAsianWidth.txt.

The table is generated, not written by hand: `python3 Tests/integration/test_terminal_width.py` prints it. A
character is wide (two terminal columns) when its East_Asian_Width is W or F (UAX #11), and so is every code point of
planes 2 and 3, which UAX #11 gives W even before they are assigned. Unassigned code points elsewhere are narrow.
"""
import pathlib
import re
import sys
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parents[2]
SWIFT = ROOT / "Sources" / "PMRender" / "Support" / "TerminalWidth.swift"


def is_wide(code_point):
    if 0x20000 <= code_point <= 0x2FFFD or 0x30000 <= code_point <= 0x3FFFD:
        return True
    character = chr(code_point)
    if unicodedata.category(character) == "Cn":
        return False
    return unicodedata.east_asian_width(character) in ("W", "F")


def wide_ranges():
    ranges = []
    start = None
    for code_point in range(0x110000):
        wide = is_wide(code_point)
        if wide and start is None:
            start = code_point
        if not wide and start is not None:
            ranges.append((start, code_point - 1))
            start = None
    if start is not None:
        ranges.append((start, 0x10FFFF))
    return ranges


def swift_table():
    """The table as Swift source lines."""
    entries = [f"0x{low:05X}...0x{high:05X}," for low, high in wide_ranges()]
    lines = []
    line = "       "
    for entry in entries:
        if len(line) + 1 + len(entry) > 120:
            lines.append(line)
            line = "       "
        line += " " + entry
    lines.append(line)
    return "\n".join(lines)


def table_in_source():
    text = SWIFT.read_text()
    body = text.split("static let wideRanges: [ClosedRange<UInt32>] = [", 1)[1].split("]", 1)[0]
    return [(int(low, 16), int(high, 16)) for low, high in re.findall(r"0x([0-9A-F]+)\.\.\.0x([0-9A-F]+)", body)]


def test_the_table_is_unicodes_east_asian_width():
    assert table_in_source() == wide_ranges(), (
        "TerminalWidth.swift's table differs from unicodedata "
        f"{unicodedata.unidata_version}: regenerate it with python3 {pathlib.Path(__file__).name}")


def test_the_table_says_which_unicode_version_it_is():
    assert f"Unicode {unicodedata.unidata_version}" in SWIFT.read_text()


if __name__ == "__main__":
    print(f"// Unicode {unicodedata.unidata_version}")
    print(swift_table())
