"""Fault injection, end to end on the built binary (see Tests/integration/run).

Every test asserts outcomes: what is on disk, what the process printed and how it exited, what the
server answered. Times appear only as deadlines, so that a broken build fails instead of hanging;
nothing is asserted about how long anything takes, and nothing waits a fixed time for something to
happen (conditions are polled until a deadline).
"""
import concurrent.futures
import errno
import hashlib
import os
import pathlib
import re
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("PM_RENDER_BINARY", ROOT / ".build" / "debug" / "pm-render"))
EXAMPLE = ROOT / "examples" / "board.md"
TODAY = ["--today", "2026-11-22"]
MARKER = ".pm-render-site"

sys.path.insert(0, str(ROOT / "Benchmarks"))
from generate_board import write_board  # noqa: E402
from conftest import interrupt  # noqa: E402


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------

def pm(*arguments, cwd, unprivileged=False, preexec=None, env=None, timeout=180):
    """Runs pm-render to completion."""
    command = [str(BINARY), *map(str, arguments)]
    if unprivileged and os.geteuid() == 0:
        # Root ignores file permissions; without any capability it is held to them like anyone.
        command = ["setpriv", "--bounding-set", "-all", "--", *command]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, preexec_fn=preexec, env=env,
                          timeout=timeout)


def start(*arguments, cwd, stderr=subprocess.PIPE, env=None):
    return subprocess.Popen([str(BINARY), *map(str, arguments)], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=stderr, env=env)


def wait_until(condition, what, deadline=30.0):
    """Polls `condition` until it returns something truthy (returned), failing after `deadline` s."""
    end = time.monotonic() + deadline
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.02)


def snapshot(folder):
    """Every entry below `folder` (hidden ones included): file bytes' hash, link targets, folders."""
    folder = pathlib.Path(folder)
    if not os.path.lexists(folder):
        return None
    if folder.is_symlink():
        return {".": ("link", os.readlink(folder))}
    entries = {}
    for directory, folders, files in os.walk(folder):
        for name in folders + files:
            path = pathlib.Path(directory) / name
            relative = str(path.relative_to(folder))
            if path.is_symlink():
                entries[relative] = ("link", os.readlink(path))
            elif path.is_dir():
                entries[relative] = ("folder",)
            else:
                entries[relative] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
    return entries


def leftovers(parent, name):
    """Temporary or old folders a run left next to the output folder `name`."""
    return sorted(entry for entry in os.listdir(parent)
                  if entry.startswith(f".{name}.tmp-") or entry.startswith(f".{name}.old-"))


# Sentences of the C library and Foundation that must never reach the user untranslated.
SYSTEM_SENTENCES = [os.strerror(code) for code in (
    errno.EACCES, errno.EPERM, errno.ENOENT, errno.ENOTDIR, errno.EISDIR, errno.EEXIST, errno.ENOSPC,
    errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.ELOOP, errno.ENAMETOOLONG, errno.EMFILE, errno.EIO,
    errno.EXDEV, errno.ENOTEMPTY, errno.EBUSY)] + [
    "Error Domain", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "POSIXError", "The operation could",
    "couldn’t", "could not be completed", "Fatal error", "Swift/"]


def assert_plain(stderr):
    for sentence in SYSTEM_SENTENCES:
        assert sentence not in stderr, f"untranslated system message {sentence!r} in: {stderr}"


def board_text(count=None, title=None):
    """The example board, or a generated one of `count` cards; `title` replaces its title."""
    if count is None:
        text = EXAMPLE.read_text()
        old = "Project Manager 2.0"
    else:
        import io
        out = io.StringIO()
        write_board(count, out)
        text = out.getvalue()
        old = f"Generated board ({count} cards)"
    return text.replace(old, title) if title else text


def write_atomically(path, text):
    """How most editors save: a new file renamed over the old one."""
    path = pathlib.Path(path)
    temporary = path.with_name(f".{path.name}.saving")
    temporary.write_text(text)
    os.replace(temporary, path)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ---------------------------------------------------------------------------------------------
# The output folder: refusals, permissions, limits, kills, concurrency
# ---------------------------------------------------------------------------------------------

@pytest.fixture
def layout(tmp_path):
    """tmp/work/board.md, and a user's folder tmp/documents with files pm-render did not write."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "board.md").write_text(board_text())
    (work / "notes.txt").write_text("my notes\n")
    documents = tmp_path / "documents"
    (documents / "sub").mkdir(parents=True)
    (documents / "letter.txt").write_text("dear reader\n")
    (documents / "sub" / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a photo")
    (tmp_path / "empty").mkdir()
    return tmp_path


# case: (current folder, output argument, folder that must stay untouched, what the refusal says)
REFUSALS = {
    "a user's folder with other files": ("work", "../documents", "documents", "holds files pm-render did not write"),
    "-o .": ("work", ".", "work", "contains the current folder"),
    "-o ..": ("work", "..", ".", "contains the current folder"),
    "the board's own folder": (".", "work", "work", "contains the board"),
    "a symlink to a user's folder": ("work", "link-to-documents", "documents", "symbolic link"),
    "a symlink to an empty folder": ("work", "link-to-empty", "empty", "symbolic link"),
    "a path through a symlink to a user's folder": ("work", "link-to-documents/sub", "documents", "did not write"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_output_folder_refusals(layout, case):
    cwd, output, protected, reason = REFUSALS[case]
    (layout / "work" / "link-to-documents").symlink_to(layout / "documents")
    (layout / "work" / "link-to-empty").symlink_to(layout / "empty")
    board = layout / "work" / "board.md"
    before = snapshot(layout)
    result = pm(board, "-o", output, *TODAY, "--no-history", cwd=layout / cwd)
    assert result.returncode == 2, result.stderr
    assert "pm-render: error: refusing to replace" in result.stderr and reason in result.stderr, result.stderr
    assert_plain(result.stderr)
    assert snapshot(layout) == before, f"{protected} (or anything else) was changed"
    assert result.stdout == ""


def test_read_only_parent(tmp_path):
    board = tmp_path / "board.md"
    board.write_text(board_text())
    parent = tmp_path / "ro"
    parent.mkdir()
    assert pm(board, "-o", "ro/site", *TODAY, "--no-history", cwd=tmp_path).returncode == 0
    board.write_text(board_text(title="A newer title"))
    before = snapshot(parent)
    parent.chmod(0o555)
    try:
        replaced = pm(board, "-o", "ro/site", *TODAY, "--no-history", cwd=tmp_path, unprivileged=True)
        created = pm(board, "-o", "ro/new", *TODAY, "--no-history", cwd=tmp_path, unprivileged=True)
        nested = pm(board, "-o", "ro/deeper/new", *TODAY, "--no-history", cwd=tmp_path, unprivileged=True)
    finally:
        parent.chmod(0o755)
    assert replaced.returncode == 2
    assert "pm-render: error: cannot replace 'ro/site': permission denied" in replaced.stderr, replaced.stderr
    assert created.returncode == 2
    assert "pm-render: error: cannot create 'ro/new': permission denied" in created.stderr, created.stderr
    assert nested.returncode == 2
    assert "pm-render: error: cannot create 'ro/deeper': permission denied" in nested.stderr, nested.stderr
    for result in (replaced, created, nested):
        assert_plain(result.stderr)
    assert snapshot(parent) == before, "the previous site is intact and nothing was added"


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to play two users")
def test_an_edit_keeps_who_may_read_and_write_the_board(tmp_path):
    """A board is written as a new file that takes the old one's place: the new file keeps the board's owner, group,
    permissions and extended attributes, or nothing is written (a group member's edit would make the board theirs)."""
    shared = tmp_path / "shared"
    shared.mkdir()
    board = shared / "board.md"
    board.write_text(board_text())
    try:
        os.setxattr(board, "user.project", b"apollo")
        attributes = True
    except OSError as error:  # a file system without user attributes (tmpfs before Linux 6.6)
        assert error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP), error
        attributes = False
    os.chown(shared, 1000, 4321)
    os.chown(board, 1000, 4321)
    shared.chmod(0o2775)
    board.chmod(0o660)
    tmp_path.chmod(0o755)
    before = board.read_bytes()

    def as_user(uid, *arguments):
        return subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--groups=4321", "--",
                               str(BINARY), *arguments], cwd=tmp_path, capture_output=True, text=True, timeout=60)

    member = as_user(1234, "add", "shared/board.md", "A member's card")
    assert member.returncode == 1, member.stderr
    assert ("shared/board.md: error: nothing was written: pm-render writes an edited board as a new file that takes "
            "the old one's place, and the new file could not keep its owner and group (user 1000, group 4321): it "
            "would belong to user 1234, group 4321, so others could lose access to the board; edit it as its owner"
            ) in member.stderr, member.stderr
    assert board.read_bytes() == before
    assert sorted(path.name for path in shared.iterdir()) == ["board.md"], "no temporary file is left"

    owner = as_user(1000, "add", "shared/board.md", "The owner's card")
    assert owner.returncode == 0, owner.stderr
    info = board.stat()
    assert (info.st_uid, info.st_gid, info.st_mode & 0o7777) == (1000, 4321, 0o660)
    if attributes:
        assert os.getxattr(board, "user.project") == b"apollo"
    assert "The owner's card" in board.read_text()


def test_unreadable_board_and_templates(tmp_path):
    board = tmp_path / "board.md"
    board.write_text(board_text())
    board.chmod(0)
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "Templates", templates)
    (templates / "page.mustache").chmod(0)
    missing = pm("missing.md", cwd=tmp_path)
    unreadable = pm("board.md", *TODAY, cwd=tmp_path, unprivileged=True)
    unreadable_check = pm("check", "board.md", cwd=tmp_path, unprivileged=True)
    board.chmod(0o644)
    unreadable_templates = pm("board.md", "--templates", "templates", *TODAY, cwd=tmp_path, unprivileged=True)
    folder_as_board = pm("check", "templates", cwd=tmp_path)
    assert missing.returncode == 2, missing.stderr
    assert "missing.md: error: cannot read the board: no such file" in missing.stderr, missing.stderr
    assert unreadable.returncode == 2, "an unreadable file is an environment problem (exit 2)"
    assert "board.md: error: cannot read the board: permission denied" in unreadable.stderr, unreadable.stderr
    assert unreadable_check.returncode == 2
    assert "board.md: error: cannot read the board: permission denied" in unreadable_check.stderr, \
        unreadable_check.stderr
    assert unreadable_templates.returncode == 2, "an unreadable template is an environment problem, as a board is"
    assert "templates/page.mustache: error: cannot read template: permission denied" \
        in unreadable_templates.stderr, unreadable_templates.stderr
    assert folder_as_board.returncode == 2
    assert "templates: error: cannot read the board: it is a folder" in folder_as_board.stderr, folder_as_board.stderr
    for result in (missing, unreadable, unreadable_check, unreadable_templates, folder_as_board):
        assert_plain(result.stderr)
    assert not (tmp_path / "_site").exists()


def test_file_size_limit_keeps_the_previous_site(tmp_path):
    (tmp_path / "small.md").write_text(board_text())
    (tmp_path / "large.md").write_text(board_text(count=4000))
    assert pm("small.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path).returncode == 0
    before = snapshot(tmp_path / "site")
    limit = 1 << 20  # every file of the large site is bigger than 1 MB

    def limit_file_size():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    result = pm("large.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path, preexec=limit_file_size)
    assert result.returncode == 2, result.stderr
    assert re.search(r"pm-render: error: cannot write 'site/(index\.html|overdue\.html|board\.ics)': "
                     r"file too large \(the file-size limit was reached\)", result.stderr), result.stderr
    assert_plain(result.stderr)
    assert snapshot(tmp_path / "site") == before
    assert leftovers(tmp_path, "site") == []


def test_folders_named_like_leftovers_that_pm_render_did_not_write_stay(tmp_path):
    """Only a dead run's folder that is pm-render's goes: empty, or holding a site being written or a site's marker."""
    (tmp_path / "board.md").write_text(board_text())
    dead = 2 ** 22 + 7  # above any PID this machine hands out
    theirs = {f".site.old-{dead}": "notes.txt", f".site.tmp-{dead}-1": "thesis.txt"}
    for folder, name in theirs.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_text("mine")
    ours = {f".site.tmp-{dead}-2": [], f".site.tmp-{dead}-3": [".pm-render-partial", "index.html"],
            f".site.old-{dead + 1}": [".pm-render-site", "index.html"]}
    for folder, names in ours.items():
        (tmp_path / folder).mkdir()
        for name in names:
            (tmp_path / folder / name).write_text("x")
    assert pm("board.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path).returncode == 0
    assert leftovers(tmp_path, "site") == sorted(theirs)
    for folder, name in theirs.items():
        assert (tmp_path / folder / name).read_text() == "mine"
    assert ".pm-render-partial" not in os.listdir(tmp_path / "site"), "the site is installed without it"


def temporaries(parent, name):
    return [parent / entry for entry in leftovers(parent, name)]


def size_of(path):
    try:
        return path.stat().st_size
    except OSError:
        return -1


def test_sigkill_at_several_moments_never_leaves_a_mix(tmp_path):
    boards = {"x": board_text(count=5000, title="Board X"), "y": board_text(count=5000, title="Board Y")}
    complete = {}
    for name, text in boards.items():
        (tmp_path / f"{name}.md").write_text(text)
        assert pm(f"{name}.md", "-o", f"ref-{name}", *TODAY, "--no-history", cwd=tmp_path).returncode == 0
        complete[name] = snapshot(tmp_path / f"ref-{name}")
    page_size = size_of(tmp_path / "ref-y" / "index.html")
    assert pm("x.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path).returncode == 0
    current = "x"

    def in_temporary(predicate):
        # Only the running process's own folder (`.site.tmp-PID-…`), not what earlier kills left.
        def reached(pid):
            try:
                return any(predicate(folder) for folder in temporaries(tmp_path, "site")
                           if folder.name.startswith(f".site.tmp-{pid}-"))
            except OSError:  # the folder went away while it was looked at
                return False
        return reached

    moments = {
        "at start": lambda pid: True,
        "temporary folder created": in_temporary(lambda folder: True),
        "first file opened": in_temporary(lambda folder: any(folder.iterdir())),
        "page partly written": in_temporary(lambda folder: size_of(folder / "index.html") > (1 << 20)),
        "page mostly written": in_temporary(lambda folder: size_of(folder / "index.html") > page_size * 3 // 4),
        "page complete": in_temporary(lambda folder: size_of(folder / "index.html") == page_size),
    }
    kept = []
    left = []
    for moment, reached in moments.items():
        target = "y" if current == "x" else "x"
        process = start(f"{target}.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path,
                        stderr=subprocess.DEVNULL)
        try:
            wait_until(lambda: reached(process.pid) or process.poll() is not None, moment, deadline=120)
        finally:
            process.kill()
            process.wait()
        after = snapshot(tmp_path / "site")
        assert after in (complete[current], complete[target]), f"killed {moment}: a mix of two sites"
        if after == complete[current]:
            kept.append(moment)
        else:
            current = target
        left += temporaries(tmp_path, "site")
    assert len(kept) >= 4, f"most kills should land before the swap; the previous site was kept {kept}"
    assert left, "the killed runs left temporary folders (for the next run to remove)"
    final = "y" if current == "x" else "x"
    result = pm(f"{final}.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert snapshot(tmp_path / "site") == complete[final]
    assert leftovers(tmp_path, "site") == [], "the next run removes what killed runs left"


def test_concurrent_renders_into_one_folder(tmp_path):
    variants = []
    for index in range(10):
        (tmp_path / f"b{index}.md").write_text(board_text(count=300, title=f"Variant {index}"))
        assert pm(f"b{index}.md", "-o", f"ref{index}", *TODAY, "--no-history", cwd=tmp_path).returncode == 0
        variants.append(snapshot(tmp_path / f"ref{index}"))
    for round in range(5):
        processes = [start(f"b{index}.md", "-o", "site", *TODAY, "--no-history", cwd=tmp_path)
                     for index in range(10)]
        outcomes = [(process.wait(timeout=180), process.communicate()[1].decode()) for process in processes]
        for status, stderr in outcomes:
            assert status in (0, 2), stderr
            if status == 2:
                assert "pm-render: error: cannot " in stderr, stderr
                assert_plain(stderr)
        assert any(status == 0 for status, _ in outcomes)
        site = snapshot(tmp_path / "site")
        assert site in variants, f"round {round}: the site is not one complete render"
        assert (tmp_path / "site" / MARKER).read_text().startswith("pm-render ")
        assert leftovers(tmp_path, "site") == []


# ---------------------------------------------------------------------------------------------
# A hostile repository: nothing it configures is ever run
# ---------------------------------------------------------------------------------------------

EVIL = """#!/bin/sh
# Leaves a trace; as a filter, passes its input through.
touch "{markers}/$1"
case "$1" in filter-*|textconv) exec cat ;; esac
exit 0
"""

HOOKS = ["pre-commit", "post-commit", "post-checkout", "post-merge", "post-index-change", "reference-transaction",
         "pre-auto-gc", "post-rewrite", "pre-push", "fsmonitor-watchman", "push-to-checkout", "sendemail-validate"]


def git(repo, *arguments, env=None):
    environment = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(repo), "GIT_AUTHOR_NAME": "Team",
                   "GIT_AUTHOR_EMAIL": "team@example.com", "GIT_COMMITTER_NAME": "Team",
                   "GIT_COMMITTER_EMAIL": "team@example.com", **(env or {})}
    safe = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.pager=cat"]
    return subprocess.run(["git", "--no-pager", *safe, "-C", str(repo), *arguments],
                          check=True, capture_output=True, text=True, env=environment)


@pytest.fixture
def hostile_repo(tmp_path):
    repo = tmp_path / "repo"
    markers = tmp_path / "markers"
    repo.mkdir()
    markers.mkdir()
    git(repo, "init", "-q", "-b", "main")
    text = board_text()
    versions = [text.replace("- [ ] Plan the 2.1 roadmap", "- [ ] Plan the 2.0 roadmap"), text,
                text.replace("Plan the 2.1 roadmap", "Plan the 2.1 and 2.2 roadmaps")]
    (repo / ".gitattributes").write_text("* diff=evil filter=evil merge=evil text\n")
    for day, version in enumerate(versions, start=1):
        (repo / "board.md").write_text(version)
        git(repo, "add", "-A")
        date = f"2026-11-0{day}T10:00:00+09:00"
        git(repo, "commit", "-q", "-m", f"Version {day}", env={"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})
    evil = tmp_path / "evil.sh"
    evil.write_text(EVIL.format(markers=markers))
    evil.chmod(0o755)
    hooks = repo / ".git" / "hooks"
    for hook in HOOKS:
        (hooks / hook).write_text(f"#!/bin/sh\ntouch '{markers}/hook-{hook}'\n")
        (hooks / hook).chmod(0o755)
    with open(repo / ".git" / "config", "a") as config:
        config.write(f"""
[core]
    fsmonitor = {evil} fsmonitor
    pager = {evil} pager
    sshCommand = {evil} ssh-command
    askPass = {evil} askpass
    editor = {evil} editor
    hooksPath = {hooks}
[diff]
    external = {evil} diff-external
[diff "evil"]
    textconv = {evil} textconv
    command = {evil} diff-command
[filter "evil"]
    clean = {evil} filter-clean
    smudge = {evil} filter-smudge
    process = {evil} filter-process
[merge "evil"]
    driver = {evil} merge-driver
[log]
    showSignature = true
[gpg]
    program = {evil} gpg
[pager]
    log = {evil} pager-log
    diff = {evil} pager-diff
[credential]
    helper = !{evil} credential
[status]
    showUntrackedFiles = all
""")
    return repo, markers, evil


def hostile_environment(evil, repo):
    """What a hostile environment could add; pm-render runs git without it."""
    return {**os.environ, "GIT_EXTERNAL_DIFF": f"{evil} env-external-diff", "GIT_PAGER": f"{evil} env-pager",
            "PAGER": f"{evil} env-pager2", "GIT_SSH_COMMAND": f"{evil} env-ssh", "GIT_ASKPASS": f"{evil} env-askpass",
            "GIT_CONFIG_COUNT": "2", "GIT_CONFIG_KEY_0": "core.fsmonitor", "GIT_CONFIG_VALUE_0": f"{evil} env-fsmonitor",
            "GIT_CONFIG_KEY_1": "diff.external", "GIT_CONFIG_VALUE_1": f"{evil} env-config-diff",
            "GIT_CONFIG_PARAMETERS": f"'core.pager'='{evil} env-parameters'", "GIT_TRACE": str(repo.parent / "trace")}


@pytest.mark.parametrize("environment", ["clean", "hostile"])
def test_hostile_repository_configuration_never_runs(hostile_repo, environment):
    repo, markers, evil = hostile_repo
    env = hostile_environment(evil, repo) if environment == "hostile" else None
    before = snapshot(repo)
    rendered = pm("board.md", "-o", "../site", *TODAY, cwd=repo, env=env)
    history = pm("history", "board.md", cwd=repo, env=env)
    diff = pm("diff", "board.md", "--against", "HEAD~1", cwd=repo, env=env)
    check = pm("check", "board.md", "--against", "HEAD~1", cwd=repo, env=env)
    assert rendered.returncode == 0, rendered.stderr
    assert (repo.parent / "site" / "history.html").exists(), "the history was read"
    assert history.returncode == 0 and "Version 3" in history.stdout and "Version 1" in history.stdout, history
    assert diff.returncode == 0 and "2.2" in diff.stdout, diff
    assert check.returncode in (0, 1), check.stderr
    assert sorted(os.listdir(markers)) == [], "repository or environment configuration was executed"
    assert not (repo.parent / "trace").exists(), "git ran with the caller's GIT_* environment"
    assert snapshot(repo) == before, "the board, the index and everything else in the repository are only read"


def test_lazy_fetch_of_a_missing_object_never_runs_a_command(hostile_repo):
    """A partial clone whose old board version is missing: git would fetch it with core.sshCommand."""
    repo, markers, evil = hostile_repo
    first = git(repo, "rev-parse", "HEAD~2:board.md").stdout.strip()
    (repo / ".git" / "objects" / first[:2] / first[2:]).unlink()
    with open(repo / ".git" / "config", "a") as config:
        config.write(f"""
[core]
    repositoryformatversion = 1
[extensions]
    partialClone = origin
[remote "origin"]
    url = ssh://example.invalid/repo.git
    promisor = true
    uploadpack = {evil} uploadpack
""")
    rendered = pm("board.md", "-o", "../site", *TODAY, cwd=repo)
    history = pm("history", "board.md", cwd=repo)
    diff = pm("diff", "board.md", "--against", "HEAD~2", cwd=repo)
    assert rendered.returncode == 0, rendered.stderr
    assert history.returncode in (0, 2) and diff.returncode in (0, 2)
    for result in (rendered, history, diff):
        assert_plain(result.stderr)
    assert sorted(os.listdir(markers)) == [], "a lazy fetch ran a command"


# ---------------------------------------------------------------------------------------------
# --watch
# ---------------------------------------------------------------------------------------------

class Watching:
    """A running `pm-render … --watch`, its standard error in a file."""

    def __init__(self, folder, *arguments):
        self.folder = folder
        self.errors = folder / "stderr.txt"
        self.output = folder / "stdout.txt"
        self.streams = [open(self.errors, "wb"), open(self.output, "wb")]
        self.process = subprocess.Popen([str(BINARY), *arguments, "--watch", *TODAY, "--no-history"], cwd=folder,
                                        stdout=self.streams[1], stderr=self.streams[0])

    def stderr(self):
        return self.errors.read_text(errors="replace")

    def renders(self):
        """How many sites were written (one summary line each)."""
        return self.output.read_text(errors="replace").count("→ site/index.html")

    def page(self, name="site/index.html"):
        try:
            return (self.folder / name).read_text()
        except OSError:
            return ""

    def wait_for_page(self, text, what, name="site/index.html"):
        wait_until(lambda: text in self.page(name), what)

    def wait_for_error(self, text, what):
        wait_until(lambda: text in self.stderr(), what)

    def stop(self):
        status = interrupt(self.process)
        for stream in self.streams:
            stream.close()
        return status


@pytest.fixture
def watching(tmp_path):
    started = []

    def launch(*arguments):
        watcher = Watching(tmp_path, *arguments)
        started.append(watcher)
        return watcher

    yield launch
    for watcher in started:
        watcher.stop()


def test_watch_sees_rename_over_saves_deletion_recreation_and_bad_versions(tmp_path, watching):
    board = tmp_path / "board.md"
    board.write_text(board_text())
    watcher = watching("board.md", "-o", "site")
    watcher.wait_for_page("Write the App Store description", "the first render")
    assert "(inotify)" in watcher.stderr(), "file events, not polling, on Linux"

    write_atomically(board, board_text().replace("App Store description", "App Store copy"))
    watcher.wait_for_page("Write the App Store copy", "a rename-over save re-renders")

    # An editor's backup-then-write save: the old file is renamed away, a new one written in its place.
    os.replace(board, tmp_path / "board.md~")
    board.write_text(board_text().replace("App Store description", "store listing"))
    watcher.wait_for_page("Write the store listing", "a backup-then-write save re-renders")

    good = snapshot(tmp_path / "site")
    # Any lanes are a board in format v2; a version that is not text is not.
    board.write_bytes(board.read_bytes() + b"\n- [ ] \xff\xfe\n")
    watcher.wait_for_error("error: file is not valid UTF-8", "the error of an invalid version")
    assert snapshot(tmp_path / "site") == good, "the last good site stays"

    board.unlink()
    watcher.wait_for_error("board.md: error: cannot read the board: no such file", "the deleted board is reported")
    assert snapshot(tmp_path / "site") == good, "the last good site stays"

    board.write_text(board_text().replace("App Store description", "re-created board"))
    watcher.wait_for_page("Write the re-created board", "a re-created board re-renders")
    assert watcher.process.poll() is None, "watching goes on after errors"
    assert_plain(watcher.stderr())

    assert watcher.stop() == 0, "Ctrl-C ends watching cleanly"
    assert "pm-render: stopped" in watcher.stderr()
    # Checked once the process has ended: right after a swap, the previous site is still being removed.
    assert leftovers(tmp_path, "site") == []


def test_watch_follows_templates_and_new_boards_in_subfolders(tmp_path, watching):
    boards = tmp_path / "boards"
    (boards / "team-a").mkdir(parents=True)
    (boards / "team-a" / "board.md").write_text(board_text(title="Team A board"))
    (boards / "notes").mkdir()
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "Templates", templates)
    (boards / "extra").mkdir()
    (boards / "extra" / "other.md").write_text(board_text(title="Team C board"))
    watcher = watching("boards", "-o", "site", "--templates", "templates")
    watcher.wait_for_page("Team A board", "the first render")

    # A board in a folder that did not exist when watching began.
    (boards / "team-b").mkdir()
    (boards / "team-b" / "board.md").write_text(board_text(title="Team B board"))
    watcher.wait_for_page("Team B board", "a board in a new subfolder is seen")

    # A template saved by renaming over it.
    page = templates / "overview.mustache"
    write_atomically(page, page.read_text().replace("</body>", "<p>Edited overview</p>\n</body>"))
    watcher.wait_for_page("Edited overview", "a template edit re-renders")

    # A folder of boards removed and created again.
    shutil.rmtree(boards / "extra")
    wait_until(lambda: "Team C board" not in watcher.page(), "a removed folder's board disappears")
    (boards / "extra").mkdir()
    (boards / "extra" / "other.md").write_text(board_text(title="Team D board"))
    watcher.wait_for_page("Team D board", "a re-created folder is watched again")

    # Files that are neither boards nor templates, and the site being written, are noise.
    (boards / "notes" / "todo.txt").write_text("not a board\n")
    (tmp_path / "site-notes.txt").write_text("next to the site\n")
    (boards / "team-a" / "board.md").write_text(board_text(title="Team A again"))
    watcher.wait_for_page("Team A again", "the board edit after them")
    assert watcher.stop() == 0
    # Six pages were waited for, each different from the one before, so at least six renders. Seven
    # changes to boards and templates were made (a new folder and the board in it are two); changes that
    # come close together may share a render, but writing the site never triggers another one (a
    # feedback loop would have rendered again and again while the test ran).
    assert 6 <= watcher.renders() <= 2 * 7 + 1, watcher.renders()


# ---------------------------------------------------------------------------------------------
# --serve
# ---------------------------------------------------------------------------------------------

def exchange(port, request, deadline=20.0):
    """Sends raw bytes and reads until the server closes the connection (or the deadline)."""
    with socket.create_connection(("127.0.0.1", port), timeout=deadline) as connection:
        connection.sendall(request)
        received = b""
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            try:
                chunk = connection.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
        return received


def parse(response):
    head, _, body = response.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1]) if lines[0].startswith("HTTP/1.") else None
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def request(port, method, target, headers=(), host=None):
    lines = [f"{method} {target} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Connection: close", *headers]
    return parse(exchange(port, ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    (folder / "board.md").write_text(board_text())
    port = free_port()
    errors = open(folder / "stderr.txt", "wb")
    process = start("board.md", "-o", "site", "--watch", "--serve", port, *TODAY, "--no-history", cwd=folder,
                    stderr=errors)

    def version():
        try:
            status, _, body = request(port, "GET", "/__pm-render/version")
        except OSError:
            return None
        return status == 200 and body == b"1"

    wait_until(version, "the server, after the first render")
    decorate(folder / "site")
    yield port, folder, process
    interrupt(process)
    errors.close()


def decorate(site):
    """Adds to a served site files of every type, a link inside the folder, links leaving it and hidden
    files (again after a render has replaced the folder)."""
    if (site / "sub").exists():
        return
    kinds = {"data.json": b"{}", "image.svg": b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image.png": b"\x89PNG",
             "photo.jpg": b"\xff\xd8", "anim.gif": b"GIF89a", "pic.webp": b"RIFF", "style.css": b"body{}",
             "app.js": b"1;", "notes.txt": b"text", "blob.bin": b"\x00"}
    for name, data in kinds.items():
        (site / name).write_bytes(data)
    (site / "alias.html").symlink_to("index.html")
    (site / "etc").symlink_to("/etc")
    (site / "passwd").symlink_to("/etc/passwd")
    (site / "outside.txt").symlink_to(site.parent / "board.md")
    (site / ".hidden").mkdir()
    (site / ".hidden" / "secret.txt").write_text("secret")
    (site / ".env").write_text("TOKEN=secret")
    (site / "sub").mkdir()
    (site / "sub" / "index.html").write_text("<html><body>sub page</body></html>")


TRAVERSALS = [
    "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
    "/..%2f..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..%5c..%5c..%5cetc%5cpasswd",
    "/%5c..%5c..%5c..%5cetc%5cpasswd", "/..\\..\\..\\etc\\passwd", "/index.html%00.txt", "/%00", "//etc/passwd",
    "/%252e%252e/%252e%252e/etc/passwd", "/./index.html", "/sub/../index.html", "/%c0%ae%c0%ae/etc/passwd",
    "/etc/passwd", "/passwd", "/outside.txt", "/etc/", "/.pm-render-site", "/%2epm-render-site", "/.hidden/secret.txt",
    "/.env", "/%2eenv", "/sub/..%2f.pm-render-site", "*", "index.html", "http://127.0.0.1/../../etc/passwd",
    "http://example.com/index.html", "/%", "/%zz",
]


@pytest.mark.parametrize("target", TRAVERSALS)
def test_serve_refuses_paths_outside_the_folder_and_hidden_files(server, target):
    port, folder, _ = server
    decorate(folder / "site")
    status, headers, body = request(port, "GET", target)
    assert status in (400, 404), f"{target} → {status}"
    assert b"root:" not in body and b"secret" not in body and b"TOKEN" not in body and b"pm-render " not in body
    assert b"<html" not in body


@pytest.mark.parametrize("host", ["attacker.example:{port}", "127.0.0.1", "127.0.0.1:1", "localhost.attacker.example"])
def test_serve_answers_only_to_this_machines_name(server, host):
    """DNS rebinding: a page whose own name was pointed at 127.0.0.1 sends that name, and reads nothing."""
    port, folder, _ = server
    for target in ["/index.html", "/__pm-render/version"]:
        status, _, body = request(port, "GET", target, host=host.format(port=port))
        assert status == 421, f"{host} {target} → {status}"
        assert b"<html" not in body
    assert request(port, "GET", "/index.html", host=f"localhost:{port}")[0] == 200


def test_serve_answers_get_and_head_with_safe_headers(server):
    port, folder, _ = server
    decorate(folder / "site")
    status, headers, body = request(port, "GET", "/")
    assert status == 200 and b"Project Manager 2.0" in body
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-length"] == str(len(body))
    assert headers["cache-control"] == "no-store"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy = headers["content-security-policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert directives["default-src"] == ["'none'"]
    assert directives["img-src"] == ["'self'", "data:"]
    assert "'unsafe-inline'" not in directives["script-src"] and "'unsafe-eval'" not in directives["script-src"]
    assert len(directives["script-src"]) == 1 and directives["script-src"][0].startswith("'nonce-")
    nonce = directives["script-src"][0][len("'nonce-"):-1]
    scripts = re.findall(rb"<script[^>]*>", body)
    assert scripts and all(f'nonce="{nonce}"'.encode() in tag for tag in scripts), "every inline script has the nonce"
    assert request(port, "GET", "/")[1]["content-security-policy"] != policy, "a fresh nonce for every response"
    assert not re.search(r"https?:|\*", policy), "no remote origins"
    assert b"/__pm-render/version" in body, "the live-reload script is added to served pages"
    assert b"__pm-render" not in (folder / "site" / "index.html").read_bytes(), "never to the files written"

    head_status, head_headers, head_body = request(port, "HEAD", "/index.html")
    assert head_status == 200 and head_body == b""
    assert head_headers["content-length"] == headers["content-length"]
    assert request(port, "GET", "/alias.html")[0] == 200, "a link inside the folder is served"
    assert request(port, "GET", "/sub/")[2].startswith(b"<html><body>sub page")
    status, headers, _ = request(port, "GET", "/sub")
    assert status == 301 and headers["location"] == "/sub/"
    assert request(port, "GET", "/index.html?v=1#top")[0] == 200
    assert request(port, "GET", "/missing.html")[0] == 404


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"])
def test_serve_allows_only_get_and_head(server, method):
    port, _, _ = server
    target = "127.0.0.1:80" if method == "CONNECT" else "/index.html"
    status, headers, _ = request(port, method, target, headers=["Content-Length: 0"])
    # CONNECT's authority-form target is not a path: refused as a bad request, or as a method.
    assert status in ((400, 405) if method == "CONNECT" else (405,)), status
    if status == 405:
        assert headers["allow"] == "GET, HEAD"


TYPES = {"index.html": "text/html; charset=utf-8", "board.ics": "text/calendar; charset=utf-8",
         "data.json": "application/json", "image.svg": "image/svg+xml", "image.png": "image/png",
         "photo.jpg": "image/jpeg", "anim.gif": "image/gif", "pic.webp": "image/webp",
         "style.css": "text/css; charset=utf-8", "app.js": "text/javascript; charset=utf-8",
         "notes.txt": "text/plain; charset=utf-8", "blob.bin": "application/octet-stream"}


@pytest.mark.parametrize("name", list(TYPES))
def test_serve_gives_each_file_its_type(server, name):
    port, folder, _ = server
    decorate(folder / "site")
    status, headers, _ = request(port, "GET", f"/{name}")
    assert status == 200 and headers["content-type"] == TYPES[name]
    assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-store"


def test_serve_reports_a_port_in_use_before_rendering(tmp_path):
    (tmp_path / "board.md").write_text(board_text())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = pm("board.md", "-o", "site", "--watch", "--serve", port, *TODAY, cwd=tmp_path, timeout=60)
    assert result.returncode == 2
    assert f"pm-render: error: cannot serve on 127.0.0.1:{port}: the port is already in use" in result.stderr
    assert_plain(result.stderr)
    assert not (tmp_path / "site").exists()


def undecorate(site):
    """Takes out what `decorate` added: pm-render replaces a site only while it holds nothing but what its marker
    lists (a file put there by hand is never deleted)."""
    listed = set((site / MARKER).read_text().splitlines()[1:]) | {MARKER}
    for entry in site.iterdir():
        if entry.name in listed or any(path.startswith(entry.name + "/") for path in listed):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def test_serve_live_reload_follows_renders(server):
    port, folder, _ = server
    undecorate(folder / "site")
    before = int(request(port, "GET", "/__pm-render/version")[2])
    write_atomically(folder / "board.md", board_text() + "- [ ] Another card\n")
    wait_until(lambda: int(request(port, "GET", "/__pm-render/version")[2]) > before, "a new version")
    assert b"Another card" in request(port, "GET", "/index.html")[2]


def test_serve_keeps_answering_with_300_idle_connections(server):
    port, _, _ = server
    idle = []
    try:
        for _ in range(300):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        status, _, body = request(port, "GET", "/index.html")
        assert status == 200 and b"Project Manager 2.0" in body
    finally:
        for connection in idle:
            connection.close()


def closed_by_server(connection, deadline):
    """Whether the server closes `connection` before the deadline (reads and drops what it sends)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        readable, _, _ = select.select([connection], [], [], 0.5)
        if readable:
            try:
                if not connection.recv(65536):
                    return True
            except ConnectionResetError:
                return True
    return False


def test_serve_closes_silent_and_slow_connections(server):
    port, _, _ = server
    silent = socket.create_connection(("127.0.0.1", port))
    slow = socket.create_connection(("127.0.0.1", port))
    request_bytes = f"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode() + b"X-Slow: " + b"a" * 200 + b"\r\n\r\n"
    stop = threading.Event()
    sent = []

    def trickle():
        # One byte every 100 ms: the whole request would take 25 s.
        for byte in request_bytes:
            if stop.wait(0.1):
                return
            try:
                slow.sendall(bytes([byte]))
                sent.append(byte)
            except OSError:
                return

    sender = threading.Thread(target=trickle)
    sender.start()
    try:
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            silent_closed = pool.submit(closed_by_server, silent, 60)
            # Meanwhile the server answers others.
            assert request(port, "GET", "/index.html")[0] == 200
            slow_closed = pool.submit(closed_by_server, slow, 60)
            assert silent_closed.result(), "a connection that sends nothing is closed"
            assert slow_closed.result(), "a client that sends its request too slowly is closed"
        assert len(sent) < len(request_bytes), "closed before the slow request was complete"
    finally:
        stop.set()
        sender.join()
        silent.close()
        slow.close()


def test_serve_refuses_huge_headers(server):
    port, _, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(f"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        response = b""
        chunk = b"X-Filler: " + b"a" * 65_000 + b"\r\n"
        for _ in range(10 * 1024 * 1024 // len(chunk)):  # 10 MB of headers, unless answered earlier
            try:
                connection.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            readable, _, _ = select.select([connection], [], [], 0)
            if readable:
                break
        end = time.monotonic() + 20
        while time.monotonic() < end:
            try:
                data = connection.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            response += data
    status, _, _ = parse(response)
    assert status in (400, 431), response[:200]


def test_serve_rejects_malformed_requests(server):
    port, _, _ = server
    for raw in [b"GARBAGE\r\n\r\n", b"GET /index.html HTTP/9.9\r\n\r\n", b"GET /\x01index.html HTTP/1.1\r\n\r\n",
                b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -5\r\n\r\n"]:
        status, _, body = parse(exchange(port, raw))
        assert status in (400, 404, 505), raw
        assert b"<html" not in body


def test_served_page_runs_under_its_policy(server, driver):
    """In Chromium: the page's own script runs, the live-reload script reloads it, nothing is blocked."""
    from selenium.webdriver.common.keys import Keys
    port, folder, _ = server
    driver.get_log("browser")
    driver.get(f"http://127.0.0.1:{port}/index.html#card-write-the-app-store-description")
    wait_until(lambda: driver.execute_script("return document.readyState") == "complete", "the page")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_until(lambda: driver.execute_script("return location.hash") == "", "Escape closes the detail view")
    write_atomically(folder / "board.md", board_text() + "- [ ] Seen by live reload\n")
    wait_until(lambda: "Seen by live reload" in driver.page_source, "the page reloads itself")
    messages = [entry["message"] for entry in driver.get_log("browser")]
    assert not [m for m in messages if "Content Security Policy" in m or "Refused" in m], messages


# ---------------------------------------------------------------------------------------------
# Editing a board (add, move, done, edit, rm, archive): concurrent edits, kills, permissions
# ---------------------------------------------------------------------------------------------

EDIT_BOARD = """---
kanban-plugin: basic
---

## To Do

""" + "".join(f"- [ ] Card {n} @{{2026-12-{n + 1:02d}}}\n" for n in range(8)) + """
## Doing

## Done

- [x] Old card
"""


def start_edit(cwd, *arguments, gate=None):
    env = dict(os.environ)
    if gate is not None:
        env["PM_RENDER_TEST_EDIT_GATE"] = str(gate)
    return subprocess.Popen([str(BINARY), *map(str, arguments)], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def hold_at_gate(process, gate):
    """Returns a descriptor once `process` waits at its gate (half-way through writing its temporary file);
    closing it lets the process go on. Should the process end before the gate, this returns too (and the
    caller's assertions fail) rather than waiting for ever."""
    def release_if_it_ends():
        process.wait()
        try:
            os.close(os.open(gate, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:
            pass
    threading.Thread(target=release_if_it_ends, daemon=True).start()
    return os.open(gate, os.O_WRONLY)


def test_concurrent_edits_never_lose_a_change(tmp_path):
    board = tmp_path / "board.md"
    board.write_text(EDIT_BOARD)
    gate_a, gate_b = tmp_path / "gate-a", tmp_path / "gate-b"
    os.mkfifo(gate_a)
    os.mkfifo(gate_b)
    first = start_edit(tmp_path, "edit", "board.md", "card 1", "--tag", "first", gate=gate_a)
    held_a = hold_at_gate(first, gate_a)
    assert first.poll() is None, "the first edit waits at its gate"
    # The second edit reads the same board, then waits too.
    second = start_edit(tmp_path, "rm", "board.md", "card 2", gate=gate_b)
    held_b = hold_at_gate(second, gate_b)
    assert second.poll() is None
    os.close(held_a)
    out, err = first.communicate(timeout=60)
    assert first.returncode == 0, err
    after_first = board.read_text()
    os.close(held_b)
    out, err = second.communicate(timeout=60)
    assert second.returncode == 1, err
    assert "board.md: error: the board changed on disk while it was being edited, so nothing was written" in err
    assert_plain(err)
    assert board.read_text() == after_first, "the second edit wrote nothing"
    assert "- [ ] Card 1 @{2026-12-02} #first\n" in after_first
    assert "Card 2" in after_first
    assert not [entry for entry in os.listdir(tmp_path) if ".pm-render-" in entry], "no temporary file is left"
    # Run again, it works: both changes are there.
    again = pm("rm", "board.md", "card 2", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    final = board.read_text()
    assert "#first" in final and "Card 2 " not in final


def test_simultaneous_edits_keep_every_edit_that_succeeds(tmp_path):
    board = tmp_path / "board.md"
    board.write_text(EDIT_BOARD)
    processes = [start_edit(tmp_path, "edit", "board.md", f"card {n}", "--tag", f"t{n}") for n in range(8)]
    results = [(n, *process.communicate(timeout=120), process.returncode) for n, process in enumerate(processes)]
    final = board.read_text()
    succeeded = [n for n, _, _, status in results if status == 0]
    assert succeeded, "at least one edit is written"
    for n, _, err, status in results:
        assert status in (0, 1), err
        line = f"- [ ] Card {n} @{{2026-12-{n + 1:02d}}}"
        if status == 0:
            assert f"{line} #t{n}\n" in final, f"edit {n} succeeded but its change is lost"
        else:
            assert "the board changed on disk while it was being edited" in err, err
            assert f"{line}\n" in final, f"edit {n} was refused but its change is there"
    check = pm("check", "board.md", cwd=tmp_path)
    assert check.returncode == 0, check.stderr


def test_a_kill_in_the_middle_of_a_write_leaves_the_old_board(tmp_path):
    board = tmp_path / "board.md"
    board.write_text(EDIT_BOARD)
    board.chmod(0o640)
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    process = start_edit(tmp_path, "done", "board.md", "card 3", gate=gate)
    held = hold_at_gate(process, gate)
    assert process.poll() is None, "the edit waits half-way through writing its temporary file"
    process.kill()
    process.wait(timeout=60)
    os.close(held)
    assert process.returncode == -signal.SIGKILL
    assert board.read_text() == EDIT_BOARD, "the board is exactly as it was"
    assert board.stat().st_mode & 0o777 == 0o640
    # What the kill can leave is the half-written temporary file, hidden and named after the board.
    left = [entry for entry in os.listdir(tmp_path) if entry not in ("board.md", "gate")]
    assert all(re.fullmatch(r"\.board\.md\.pm-render-\d+-\d+", entry) for entry in left), left
    again = pm("done", "board.md", "card 3", "--format", "json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert '"lane" : "Done"' in again.stdout


def test_an_edit_in_a_read_only_folder_says_why_and_changes_nothing(tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    board = folder / "board.md"
    board.write_text(EDIT_BOARD)
    folder.chmod(0o555)
    try:
        result = pm("rm", "board.md", "card 4", cwd=folder, unprivileged=True)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 2, result.stderr
    assert ("board.md: error: cannot write in the folder '.' (an edited board is written there as a new file that "
            "then takes the old one's place): permission denied") in result.stderr, result.stderr
    assert_plain(result.stderr)
    assert board.read_text() == EDIT_BOARD
    assert os.listdir(folder) == ["board.md"]
