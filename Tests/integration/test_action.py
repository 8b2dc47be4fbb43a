"""The GitHub Action's script (scripts/action) run here with the environment a runner gives it: a scripted
repository, a pull request's base commit, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / GITHUB_PATH files, and the
release archive served from a file:// mirror of the GitHub release (PM_RENDER_RELEASE_URL), so nothing is
downloaded. Building from source (no release fits) is scripts/release, which Tests/integration/run runs."""
import io
import os
import pathlib
import shutil
import subprocess
import tarfile

import pytest
import yaml

from release_support import ROOT, commit, init_repo, release_archive

BOARD = """---
title: Team
transitions:
  TODO: [DOING]
  DOING: [TODO, DONE]
  DONE: []
---

## TODO

- [ ] Write README @{2020-01-10}
- [ ] Plan launch @{2099-01-01}

## DOING

- [ ] Build it

## DONE

- [x] Start
"""


def move(board, title, to):
    """The board with the card line starting `- [ ] TITLE` moved to the end of column `to`."""
    lines = board.splitlines(keepends=True)
    line = next(l for l in lines if l.startswith(f"- [ ] {title}"))
    lines.remove(line)
    text = "".join(lines)
    heading = f"## {to}\n\n"
    start = text.index(heading) + len(heading)
    end = text.find("\n## ", start)
    end = len(text) if end == -1 else end + 1
    column = text[start:end].rstrip("\n") + "\n" + line.replace("[ ]", "[x]" if to == "DONE" else "[ ]")
    return text[:start] + column + ("\n" if end < len(text) else "") + text[end:]


def line_of(text, needle):
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.fixture(scope="module")
def archive():
    return release_archive()


def mirror(folder, archive_bytes, name, checksum=None):
    """A folder laid out like the GitHub release downloads: vVERSION/NAME and NAME.sha256."""
    version = name.split("-")[2]
    release = folder / f"v{version}"
    release.mkdir(parents=True)
    (release / name).write_bytes(archive_bytes)
    if checksum is None:
        checksum = subprocess.run(["sha256sum", str(release / name)], capture_output=True, text=True,
                                  check=True).stdout.split()[0]
    (release / f"{name}.sha256").write_text(f"{checksum}  {name}\n")
    return folder, version


class Run:
    def __init__(self, tmp, result):
        self.tmp, self.result = tmp, result
        self.stdout, self.stderr, self.status = result.stdout, result.stderr, result.returncode
        self.summary = (tmp / "summary.md").read_text()
        self.outputs = dict(line.split("=", 1) for line in (tmp / "output").read_text().splitlines())
        self.path = (tmp / "path").read_text() if (tmp / "path").exists() else ""


def run_action(tmp, repo, mirror_folder, version, event="pull_request", **inputs):
    for name in ("summary.md", "output"):
        (tmp / name).write_text("")
    env = {
        "PATH": os.environ["PATH"], "HOME": str(tmp), "LANG": "C.UTF-8",
        "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": event, "GITHUB_WORKSPACE": str(repo),
        "GITHUB_ACTION_PATH": str(ROOT), "GITHUB_OUTPUT": str(tmp / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp / "summary.md"), "GITHUB_PATH": str(tmp / "path"),
        "RUNNER_TEMP": str(tmp / "runner"),
        "PM_RENDER_ACTION_REPOSITORY": "example/pm-render", "PM_RENDER_ACTION_REF": f"v{version}",
        "PM_RENDER_RELEASE_URL": mirror_folder.as_uri(),
    }
    (tmp / "runner").mkdir(exist_ok=True)
    env.update({"INPUT_" + key.upper(): value for key, value in inputs.items()})
    result = subprocess.run([str(ROOT / "scripts" / "action")], env=env, cwd=repo, capture_output=True, text=True,
                            timeout=300)
    return Run(tmp, result)


@pytest.fixture
def release(tmp_path, archive):
    return mirror(tmp_path / "releases", archive.read_bytes(), archive.name)


@pytest.fixture
def repo(tmp_path):
    """A repository with the board at its base commit; returns (repo, base sha)."""
    repo = init_repo(tmp_path / "repo")
    (repo / "boards").mkdir()
    (repo / "boards" / "team.md").write_text(BOARD)
    (repo / "README.md").write_text("# Not a board\n")
    base = commit(repo, "Start the board", "2026-11-01T09:00:00+09:00", "Minji Kim")
    return repo, base


def test_a_pull_request_that_breaks_a_rule_gets_an_annotation_on_the_line(tmp_path, release, repo):
    repo, base = repo
    changed = move(BOARD, "Write README", "DONE")  # TODO → DONE: the board's transitions forbid it
    (repo / "boards" / "team.md").write_text(changed)
    commit(repo, "Finish the README", "2026-11-02T09:00:00+09:00", "Jae Lee")

    run = run_action(tmp_path, repo, *release, check_against=base)

    assert run.status == 1, run.stderr
    line = line_of(changed, "Write README")
    assert (f"::error file=boards/team.md,line={line},col=1,title=pm-render (illegal-move)::card 'Write README' "
            "moved from 'TODO' to 'DONE'") in run.stdout
    assert f"note: boards/team.md@{base}:{line_of(BOARD, 'Write README')}:1: 'Write README' was in 'TODO' here" \
        in run.stdout
    assert f"**Check** against `{base[:12]}`: boards/team.md: 4 cards, 1 error, 0 warnings" in run.summary
    assert "> Moved 'Write README' from TODO to DONE" in run.summary
    assert "The check failed: nothing was rendered." in run.summary
    assert "site" not in run.outputs and not (repo / "_site").exists()
    assert "SHA-256" in run.stderr and "verified" in run.stderr  # the release was checked before use


def test_a_pull_request_that_follows_the_rules_renders_and_reports(tmp_path, release, repo):
    repo, base = repo
    (repo / "boards" / "team.md").write_text(move(BOARD, "Plan launch", "DOING"))  # TODO → DOING is allowed
    commit(repo, "Start the launch plan", "2026-11-02T09:00:00+09:00", "Jae Lee")

    run = run_action(tmp_path, repo, *release, check_against=base, boards="boards/**/*.md", output="public",
                     base_url="https://example.github.io/team/")

    assert run.status == 0, run.stderr + run.stdout
    assert "::error" not in run.stdout and "::warning" not in run.stdout
    assert run.outputs["site"] == "public"
    prefix = tmp_path / "runner" / "pm-render"
    assert run.outputs["binary"] == str(prefix / "bin" / "pm-render")
    assert run.path.strip() == str(prefix / "bin")  # later steps can run pm-render
    site = repo / "public"
    assert (site / "index.html").exists() and (site / "overdue.html").exists()
    assert "Start the launch plan" in (site / "history.html").read_text()  # git history read from the checkout
    assert "https://example.github.io/team/" in (site / "board.ics").read_text()
    assert f"**Check** against `{base[:12]}`: boards/team.md: 4 cards, 0 errors, 0 warnings" in run.summary
    assert "> Moved 'Plan launch' from TODO to DOING" in run.summary
    overdue = run.summary[run.summary.index("### Overdue cards"):]
    overdue = overdue[:overdue.find("\n### ", 1)] if "\n### " in overdue[1:] else overdue  # up to the next section
    assert "| Team | Write README | TODO | 2020-01-10 |" in overdue
    assert "Plan launch" not in overdue


def test_fail_on_overdue_fails_after_the_site_and_summary_are_written(tmp_path, release, repo):
    repo, _ = repo
    run = run_action(tmp_path, repo, *release, event="schedule", boards="boards/team.md", fail_on_overdue="true")

    assert run.status == 1
    assert "::error::pm-render action: cards are overdue" in run.stdout
    assert run.outputs["site"] == "_site" and (repo / "_site" / "index.html").exists()
    assert "**Check**: boards/team.md: 4 cards, 0 errors, 0 warnings" in run.summary  # no base: no --against
    assert "| Team | Write README | TODO | 2020-01-10 |" in run.summary


def test_a_tampered_archive_is_refused(tmp_path, archive, repo):
    repo, base = repo
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    genuine = subprocess.run(["sha256sum", str(archive)], capture_output=True, text=True).stdout.split()[0]
    folder, version = mirror(tmp_path / "releases", bytes(data), archive.name, checksum=genuine)

    run = run_action(tmp_path, repo, folder, version, check_against=base)

    assert run.status != 0
    assert f"checksum mismatch for '{archive.name}': expected {genuine}" in run.stderr
    assert "refusing to install" in run.stderr
    assert "could not install pm-render" in run.stdout  # an error annotation, and no build from source instead
    assert "building from source" not in run.stdout + run.stderr
    assert not (tmp_path / "runner" / "pm-render" / "bin" / "pm-render").exists()
    assert run.summary == ""


def test_flow_metrics_are_added_when_the_binary_has_the_command(tmp_path, archive, repo):
    """A release whose pm-render answers `metrics` (a wrapper around the real binary): its Markdown
    lands in the summary after the overdue report."""
    repo, _ = repo
    wrapper = b"""#!/bin/sh
real="$(dirname "$0")/../share/pm-render-test/pm-render"
if [ "$1" = metrics ]; then
    if [ "$2" = --help ]; then echo "USAGE: pm-render metrics <boards> ... [--format <format>]"; exit 0; fi
    echo "### Flow metrics"; echo; echo "| Board | Throughput |"; echo "| --- | --- |"; echo "| Team | 3 |"
    exit 0
fi
exec /lib64/ld-linux-x86-64.so.2 "$real" "$@"  # installed without the execute bit: share/ is data
"""
    out = io.BytesIO()
    with tarfile.open(archive) as source, tarfile.open(fileobj=out, mode="w:gz") as target:
        for member in source.getmembers():
            data = source.extractfile(member).read() if member.isfile() else None
            if member.name.endswith("/bin/pm-render"):
                real = tarfile.TarInfo(member.name.replace("/bin/pm-render", "/share/pm-render-test/pm-render"))
                real.size, real.mode = len(data), 0o755
                target.addfile(real, io.BytesIO(data))
                member.size, data = len(wrapper), wrapper
            target.addfile(member, io.BytesIO(data) if data is not None else None)
    folder, version = mirror(tmp_path / "releases", out.getvalue(), archive.name)

    run = run_action(tmp_path, repo, folder, version, event="push")

    assert run.status == 0, run.stderr
    assert run.summary.index("### Overdue cards") < run.summary.index("### Flow metrics")
    assert "| Team | 3 |" in run.summary


def test_no_matching_boards_is_an_error(tmp_path, release, repo):
    repo, _ = repo
    run = run_action(tmp_path, repo, *release, event="push", boards="plans/*.md")
    assert run.status == 1
    assert "::warning::no board file matches 'plans/*.md'" in run.stdout
    assert "::error::pm-render action: no board files found: set the 'boards' input (now 'plans/*.md')" in run.stdout


def test_a_base_commit_missing_from_a_shallow_checkout_is_explained(tmp_path, release, repo):
    repo, _ = repo
    missing = "0123456789abcdef0123456789abcdef01234567"
    run = run_action(tmp_path, repo, *release, check_against=missing)
    assert run.status == 1
    assert (f"::error::pm-render action: the base commit {missing} is not in the checkout: use actions/checkout "
            "with 'fetch-depth: 0'") in run.stdout


def test_action_yml_passes_every_input_to_the_script():
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    step = action["runs"]["steps"][0]
    assert step["run"] == '"$GITHUB_ACTION_PATH/scripts/action"'
    for name in action["inputs"]:
        assert step["env"]["INPUT_" + name.upper().replace("-", "_")] == "${{ inputs." + name + " }}"
    script = (ROOT / "scripts" / "action").read_text()
    for variable in step["env"]:
        assert variable in script, f"{variable} is passed but scripts/action never reads it"
    assert action["inputs"]["check-against"]["default"] == "${{ github.event.pull_request.base.sha }}"
    assert action["inputs"]["fail-on-overdue"]["default"] == "false"
    assert action["inputs"]["output"]["default"] == "_site"
    assert action["outputs"]["site"]["value"] == "${{ steps." + step["id"] + ".outputs.site }}"
