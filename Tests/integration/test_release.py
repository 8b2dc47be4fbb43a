"""The release binary on a bare Debian 12 (debootstrap --variant=minbase): no Swift, no libcmark, nothing
installed but the binary and the examples. Needs root (debootstrap, chroot, mounting /proc); CI runs as root.

The minimal root is cached in test-output/rootfs between runs; each test module works on a fresh copy.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

from release_support import ROOT, commit, extract_member, init_repo, release_archive

pytestmark = pytest.mark.skipif(os.geteuid() != 0,
                                reason="needs root for debootstrap, chroot and mounting /proc (CI runs as root)")

CACHE = ROOT / "test-output" / "rootfs"
CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"
DEBOOTSTRAP = shutil.which("debootstrap") or "/usr/sbin/debootstrap"
MIRROR = os.environ.get("PM_RENDER_DEBIAN_MIRROR", "http://deb.debian.org/debian")
# What the binary may load: the C library, the maths library, and GCC's C++ runtime and unwinder, which
# every Debian and Ubuntu base system has (scripts/release and docs/INSTALL.md say why they stay shared).
ALLOWED_LIBRARIES = {"linux-vdso.so.1", "/lib64/ld-linux-x86-64.so.2", "libc.so.6", "libm.so.6", "libstdc++.so.6",
                     "libgcc_s.so.1"}


def cached_root(name, make):
    """A root folder built once by `make(path)` and kept in test-output/rootfs/NAME."""
    path = CACHE / name
    if not (path / ".pm-render-complete").exists():
        shutil.rmtree(path, ignore_errors=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        make(path)
        (path / ".pm-render-complete").touch()
    return path


def debootstrap(path):
    subprocess.run([DEBOOTSTRAP, "--variant=minbase", "bookworm", str(path), MIRROR], check=True,
                   stdout=subprocess.DEVNULL)


def with_git(path):
    """The minimal root plus git (and what git needs), installed by the root's own apt."""
    subprocess.run(["cp", "-a", str(cached_root("bookworm-minbase", debootstrap)), str(path)], check=True)
    (path / ".pm-render-complete").unlink()
    shutil.copy("/etc/resolv.conf", path / "etc" / "resolv.conf")
    script = ("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git"
              " >/dev/null && apt-get clean && rm -rf /var/lib/apt/lists/*")
    subprocess.run([CHROOT, str(path), "/bin/sh", "-c", script], check=True,
                   env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})


class Bare:
    """A fresh copy of a cached root with /proc mounted, pm-render in /usr/local/bin and examples/ in /work."""

    def __init__(self, source, folder):
        self.root = folder / "root"
        subprocess.run(["cp", "-a", str(source), str(self.root)], check=True)
        extract_member(release_archive(), "/bin/pm-render", self.root / "usr" / "local" / "bin" / "pm-render")
        shutil.copytree(ROOT / "examples", self.root / "work" / "examples")
        subprocess.run(["mount", "-t", "proc", "proc", str(self.root / "proc")], check=True)

    def run(self, *command, cwd="/work"):
        environment = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/root", "LANG": "C.UTF-8"}
        return subprocess.run([CHROOT, str(self.root), "/usr/bin/env", "-C", cwd, *command], capture_output=True,
                              text=True, env=environment)

    def close(self):
        subprocess.run(["umount", str(self.root / "proc")], check=True)
        shutil.rmtree(self.root)


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    system = Bare(cached_root("bookworm-minbase", debootstrap), tmp_path_factory.mktemp("bare"))
    yield system
    system.close()


@pytest.fixture(scope="module")
def bare_with_git(tmp_path_factory):
    system = Bare(cached_root("bookworm-minbase-git", with_git), tmp_path_factory.mktemp("bare-git"))
    yield system
    system.close()


def test_the_root_is_bare(bare):
    found = [str(p.relative_to(bare.root)) for pattern in ("libcmark*", "libswift*", "libFoundation*", "swift*")
             for folder in ("usr/lib", "lib", "usr/bin") for p in (bare.root / folder).rglob(pattern)]
    assert found == []
    assert bare.run("git", "--version").returncode != 0  # and no git: only the history test gets one


def test_ldd_lists_no_swift_or_cmark_library(bare):
    result = bare.run("ldd", "/usr/local/bin/pm-render")
    assert result.returncode == 0, result.stderr
    assert "not found" not in result.stdout
    libraries = {line.split()[0] for line in result.stdout.splitlines() if line.strip()}
    assert libraries <= ALLOWED_LIBRARIES, libraries - ALLOWED_LIBRARIES
    assert not any(word in result.stdout.lower() for word in ("swift", "cmark", "foundation", "dispatch", "icu"))


def test_render(bare):
    result = bare.run("pm-render", "examples/board.md", "-o", "/tmp/site", "--no-history")
    assert result.returncode == 0, result.stderr
    site = bare.root / "tmp" / "site"
    assert {"board.ics", "index.html", "overdue.html"} <= {p.name for p in site.iterdir()}
    page = (site / "index.html").read_text()
    assert "Project Manager 2.0" in page
    # The description's Markdown went through cmark (statically linked): **2.0 release** is bold.
    assert "<strong>2.0 release</strong>" in page
    assert (site / "board.ics").read_bytes().startswith(b"BEGIN:VCALENDAR\r\n")


def test_check(bare):
    result = bare.run("pm-render", "check", "examples/board.md", "examples/ko.md", "examples/obsidian.md")
    assert result.returncode == 0, result.stderr
    # Any lanes are fine in format v2; a rule that names no lane is an error.
    (bare.root / "work" / "broken.md").write_text("---\nwip:\n  Someday: 2\n---\n## TODO\n\n- [ ] A card\n")
    result = bare.run("pm-render", "check", "broken.md")
    assert result.returncode == 1
    assert "broken.md:3:3: error: " in result.stderr and "'Someday'" in result.stderr


def test_export_json(bare):
    result = bare.run("pm-render", "export", "examples/board.md", "--format", "json")
    assert result.returncode == 0, result.stderr
    board = json.loads(result.stdout)
    titles = [card["title"] for lane in board["lanes"] for card in lane["cards"]]
    assert "Translate onboarding into Korean" in titles and "Fix crash when a deadline is cleared" in titles
    assert [(lane["text"], lane["state"]) for lane in board["lanes"]] == [("TODO", "todo"), ("DOING", "doing"),
                                                                          ("DONE", "done")]


def test_overdue_in_both_languages(bare):
    result = bare.run("pm-render", "overdue", "examples/board.md", "--today", "2026-11-22", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    overdue = [card["title"] for card in report["cards"] if card["daysOverdue"] > 0]
    assert overdue == ["Translate onboarding into Korean"]
    korean = bare.run("pm-render", "overdue", "examples/ko.md", "--today", "2026-11-22", "--fail-on-overdue")
    assert korean.returncode == 1  # something is overdue
    assert "2일 지남" in korean.stdout  # the embedded Korean catalogue


def test_history(bare_with_git):
    repo = init_repo(bare_with_git.root / "work" / "repo")
    board = (ROOT / "examples" / "board.md").read_text()
    (repo / "board.md").write_text(board.replace("- [ ] Plan the 2.1 roadmap\n", ""))
    commit(repo, "Start the board", "2026-11-01T09:00:00+09:00", "Minji Kim")
    (repo / "board.md").write_text(board)
    commit(repo, "Plan the roadmap", "2026-11-03T14:30:00+09:00", "Jae Lee")
    (repo / "board.md").write_text(board.replace("- [ ] Plan the 2.1 roadmap\n", "").replace(
        "## DONE\n", "## DONE\n\n- [x] Plan the 2.1 roadmap\n"))
    commit(repo, "Roadmap done", "2026-11-10T11:00:00+09:00", "Minji Kim")

    result = bare_with_git.run("pm-render", "history", "board.md", "--format", "json", cwd="/work/repo")
    assert result.returncode == 0, result.stderr
    history = json.loads(result.stdout)
    assert history["commits"] == 3
    commits = list(dict.fromkeys((event["subject"], event["author"], event["date"]) for event in history["events"]))
    assert commits == [("Roadmap done", "Minji Kim", "2026-11-10T02:00:00Z"),
                       ("Plan the roadmap", "Jae Lee", "2026-11-03T05:30:00Z"),
                       ("Start the board", "Minji Kim", "2026-11-01T00:00:00Z")]
    roadmap = [(e["kind"], e["to"]) for e in history["events"] if e["title"] == "Plan the 2.1 roadmap"]
    assert roadmap == [("moved", "DONE"), ("added", "TODO")]
    site = bare_with_git.run("pm-render", "board.md", "-o", "/tmp/site", cwd="/work/repo")
    assert site.returncode == 0, site.stderr
    assert "Roadmap done" in (bare_with_git.root / "tmp" / "site" / "history.html").read_text()
