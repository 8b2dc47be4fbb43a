#!/usr/bin/env python3
"""Makes a git repository whose board has a long history, with git fast-import (100,000 commits in
about ten seconds). The board stays small (cards are added, moved to DOING and DONE, edited, and
dropped from DONE), so every version is a few KB and reading the history is about the number of
commits, not about one huge file. Every tenth commit changes another file only; halfway the board
is renamed from board.md to team/board.md, so `--follow` matters. Dates, authors and contents are
fixed: the same arguments give the same commit IDs.

    Benchmarks/make_history_repo.py /tmp/history-100000 --commits 100000
    pm-render history /tmp/history-100000/team/board.md

The fast-import stream is written as it is made, so the script's memory does not grow with the
number of commits.
"""
import argparse
import pathlib
import subprocess
import sys

START = 1_767_225_600  # 2026-01-01T00:00:00Z
AUTHORS = ["Minji Kim", "Jae Lee", "Sora Park", "Dana Cho"]


def board_text(cards):
    return "".join(
        f"## {state}\n\n" + "".join(f"- [ ] {title}\n  Notes for *{title.split(' @')[0]}*.\n" for title in cards[state]) + "\n"
        for state in cards
    ).encode()


def blob(path, data):
    return b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--commits", type=int, default=100_000)
    parser.add_argument("--cards", type=int, default=60, help="about this many cards on the board at any time")
    args = parser.parse_args()
    if args.folder.exists() and any(args.folder.iterdir()):
        sys.exit(f"make_history_repo: '{args.folder}' exists and is not empty")
    args.folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(args.folder)], check=True)
    importer = subprocess.Popen(["git", "-C", str(args.folder), "fast-import", "--quiet"], stdin=subprocess.PIPE)
    out = importer.stdin
    cards = {"TODO": [], "DOING": [], "DONE": []}
    path = "board.md"
    changes_made = 0  # board commits so far: cards cycle through add, start, finish, edit
    for n in range(args.commits):
        author = AUTHORS[n % len(AUTHORS)]
        when = START + n * 600
        changes = []
        if n % 10 == 9:
            message = f"Notes {n}"
            changes.append(blob("NOTES.md", f"Meeting notes {n}\n".encode()))
        else:
            total = sum(len(c) for c in cards.values())
            step = changes_made % 4
            changes_made += 1
            if step == 0 or not cards["TODO"]:
                cards["TODO"].append(f"Card {n} @{{2026-{n % 12 + 1:02d}-{n % 28 + 1:02d}}} #area{n % 7}")
                message = f"Add card {n}"
            elif step == 1:
                cards["DOING"].append(cards["TODO"].pop(0))
                message = f"Start {n}"
            elif step == 2 and cards["DOING"]:
                cards["DONE"].append(cards["DOING"].pop(0))
                message = f"Finish {n}"
            else:
                cards["TODO"][-1] = cards["TODO"][-1].replace(f" #area{n % 7}", "") + f" #area{n % 7}"
                message = f"Edit {n}"
            if total > args.cards and cards["DONE"]:
                cards["DONE"].pop(0)
            if path == "board.md" and n >= args.commits // 2:
                changes.append(b"D board.md\n")
                path = "team/board.md"
                message = f"Move the board to team/ ({n})"
            changes.append(blob(path, board_text(cards)))
        message_bytes = message.encode()
        out.write(b"commit refs/heads/main\n")
        out.write(f"author {author} <team@example.com> {when} +0900\n".encode())
        out.write(f"committer {author} <team@example.com> {when} +0900\n".encode())
        out.write(b"data %d\n%s\n" % (len(message_bytes), message_bytes))
        out.write(b"".join(changes))
    out.close()
    if importer.wait() != 0:
        sys.exit("make_history_repo: git fast-import failed")
    subprocess.run(["git", "-C", str(args.folder), "checkout", "-q", "main"], check=True)
    print(f"{args.folder}: {args.commits} commits, board at {path}")


if __name__ == "__main__":
    main()
