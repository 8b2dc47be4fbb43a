"""Helpers shared by the release, install and action tests: the release archive and scripted git repositories."""
import os
import pathlib
import subprocess
import tarfile

ROOT = pathlib.Path(__file__).resolve().parents[2]


def release_archive():
    """The archive scripts/release wrote (Tests/integration/run builds it first), else one built now."""
    given = os.environ.get("PM_RENDER_RELEASE_ARCHIVE")
    if given:
        return pathlib.Path(given)
    out = ROOT / "test-output" / "release"
    subprocess.run([str(ROOT / "scripts" / "release"), "--out", str(out)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    return next(out.glob("pm-render-*-linux-*.tar.gz"))


def extract_member(archive, suffix, destination):
    """Copies the archive's file whose path ends with `suffix` to `destination` (mode kept)."""
    with tarfile.open(archive) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith(suffix))
        destination.write_bytes(tar.extractfile(member).read())
        destination.chmod(member.mode)
    return destination


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def commit(repo, message, date, author):
    """Commits everything in `repo` with a fixed date and author; returns the commit's hash."""
    env = dict(os.environ, GIT_AUTHOR_NAME=author, GIT_AUTHOR_EMAIL="team@example.com", GIT_COMMITTER_NAME=author,
               GIT_COMMITTER_EMAIL="team@example.com", GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "commit", "-q", "-m", message], check=True, env=env)
    return git(repo, "rev-parse", "HEAD")


def init_repo(repo):
    repo.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    return repo
