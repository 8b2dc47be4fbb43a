#!/usr/bin/env python3
"""Writes a deterministic board of N cards to stdout (both card styles, deadlines, tags, and
multi-paragraph descriptions with lists, links, emphasis and code).

    Benchmarks/generate_board.py 10000 > board-10000.md
"""
import sys


def main():
    write_board(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.stdout)


def write_board(count, out):
    out.write(f"---\ntitle: Generated board ({count} cards)\ntimezone: Asia/Seoul\n---\n\n")
    out.write("# Generated board\n\nA deterministic board for benchmarks and stress tests.\n\n")
    states = ["TODO", "DOING", "DONE"]
    per_state = [count - 2 * (count // 3), count // 3, count // 3]
    number = 0
    for state, cards in zip(states, per_state):
        out.write(f"## {state}\n\n")
        list_cards = cards // 2
        for _ in range(list_cards):
            number += 1
            month = 1 + number % 12
            day = 1 + number % 28
            out.write(f"- [ ] Card {number}: update the *{state.lower()}* report @{{2026-{month:02d}-{day:02d}}} "
                      f"#team{number % 7} #area-{number % 13}\n")
            out.write(f"  Follow up with **owner {number % 50}** about the [spec](https://example.com/spec/{number}).\n\n")
            out.write(f"  - check `module_{number % 100}.swift`\n  - update the docs\n\n")
        for _ in range(cards - list_cards):
            number += 1
            month = 1 + number % 12
            day = 1 + number % 28
            out.write(f"### Card {number}: review the release notes\n")
            out.write(f"Due: 2026-{month:02d}-{day:02d} {number % 24:02d}:{number % 60:02d}\n")
            out.write(f"Tags: release, owner-{number % 50}\n\n")
            out.write(f"The notes for build {number} need a *second* look before the release.\n"
                      f"See [ticket {number}](https://example.com/t/{number}) and `notes_{number}.md`.\n\n")
            out.write("1. read the draft\n2. fix the **typos**\n\n")


if __name__ == "__main__":
    main()
