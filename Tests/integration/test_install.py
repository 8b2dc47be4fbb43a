"""scripts/install into a temporary prefix, offline: from a local archive (--archive) and from a file:// mirror
of the GitHub release (--version with PM_RENDER_RELEASE_URL); the completions work in bash and fish and
parse in zsh; the man page renders without warnings and documents every command."""
import os
import re
import shutil
import subprocess

import pytest

from release_support import ROOT, release_archive

SUBCOMMANDS = ["render", "check", "diff", "history", "overdue", "export"]


@pytest.fixture(scope="module")
def archive():
    return release_archive()


@pytest.fixture(scope="module")
def version(archive):
    return archive.name.split("-")[2]


def install(*args, env=None):
    return subprocess.run([str(ROOT / "scripts" / "install"), *args], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})))


@pytest.fixture(scope="module")
def prefix(tmp_path_factory, archive):
    """The archive, with its .sha256, installed into a fresh prefix."""
    folder = tmp_path_factory.mktemp("download")
    shutil.copy(archive, folder)
    shutil.copy(f"{archive}.sha256", folder)
    prefix = tmp_path_factory.mktemp("prefix") / "local"
    result = install("--archive", str(folder / archive.name), "--prefix", str(prefix))
    assert result.returncode == 0, result.stderr
    assert f"{archive.name}: SHA-256" in result.stderr and "verified" in result.stderr
    return prefix


FILES = {
    "bin/pm-render": 0o755,
    "share/man/man1/pm-render.1": 0o644,
    "share/bash-completion/completions/pm-render": 0o644,
    "share/zsh/site-functions/_pm-render": 0o644,
    "share/fish/vendor_completions.d/pm-render.fish": 0o644,
}


def test_installs_the_binary_completions_and_man_page(prefix, version):
    installed = {str(p.relative_to(prefix)): p.stat().st_mode & 0o777 for p in prefix.rglob("*") if p.is_file()}
    assert installed == FILES
    result = subprocess.run([str(prefix / "bin" / "pm-render"), "--version"], capture_output=True, text=True)
    assert result.stdout.strip() == version


def test_bash_completes_commands_and_options(prefix):
    script = prefix / "share" / "bash-completion" / "completions" / "pm-render"

    def complete(line):
        program = (f'source "{script}"; COMP_LINE="{line}"; COMP_POINT=${{#COMP_LINE}};'
                   ' read -ra COMP_WORDS <<<"$COMP_LINE";'
                   ' [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ));'
                   ' _pm-render pm-render "${COMP_WORDS[COMP_CWORD]}"; printf "%s\\n" "${COMPREPLY[@]}"')
        result = subprocess.run(["bash", "-c", program], capture_output=True, text=True,
                                env=dict(os.environ, PATH=f"{prefix / 'bin'}:{os.environ['PATH']}"))
        assert result.returncode == 0, result.stderr
        return result.stdout.split()

    assert complete("pm-render ov") == ["overdue"]
    assert {"--fail-on-overdue", "--format"} <= set(complete("pm-render overdue --f"))
    assert set(SUBCOMMANDS) <= set(complete("pm-render "))


def test_fish_completes_commands_and_options(prefix):
    script = prefix / "share" / "fish" / "vendor_completions.d" / "pm-render.fish"
    assert subprocess.run(["fish", "--no-execute", str(script)]).returncode == 0
    program = f"source {script}; complete -C 'pm-render ov'; complete -C 'pm-render check --'"
    result = subprocess.run(["fish", "-c", program], capture_output=True, text=True,
                            env=dict(os.environ, PATH=f"{prefix / 'bin'}:{os.environ['PATH']}"))
    assert result.returncode == 0, result.stderr
    words = [line.split("\t")[0] for line in result.stdout.splitlines()]
    assert "overdue" in words and {"--against", "--strict", "--diagnostics"} <= set(words)


def test_zsh_completion_parses(prefix):
    script = prefix / "share" / "zsh" / "site-functions" / "_pm-render"
    assert subprocess.run(["zsh", "-n", str(script)]).returncode == 0
    text = script.read_text()
    assert text.startswith("#compdef pm-render")
    assert all(f"'{command}:" in text for command in SUBCOMMANDS)


def test_man_page_renders_every_command(prefix, version):
    page = prefix / "share" / "man" / "man1" / "pm-render.1"
    warnings = subprocess.run(["groff", "-mandoc", "-ww", "-z", str(page)], capture_output=True, text=True)
    assert warnings.returncode == 0 and warnings.stderr == ""
    found = subprocess.run(["man", "-w", "pm-render"], capture_output=True, text=True,
                           env=dict(os.environ, MANPATH=str(prefix / "share" / "man")))
    assert found.stdout.strip() == str(page)  # `man pm-render` finds it under the prefix
    text = subprocess.run(["man", "-P", "cat", "-l", str(page)], capture_output=True, text=True,
                          env=dict(os.environ, MANWIDTH="100")).stdout
    text = re.sub(".\b", "", text)  # overstrike (bold, underline) to plain text
    assert "pm-render" in text and "--fail-on-overdue" in text and "--against" in text
    help_text = subprocess.run([str(prefix / "bin" / "pm-render"), "--help"], capture_output=True, text=True).stdout
    abstract = help_text.split("\n\n")[0].removeprefix("OVERVIEW: ").replace("\n", " ")
    assert abstract.split(";")[0] in " ".join(text.split())  # the same text as --help
    for command in SUBCOMMANDS:
        assert f"\n     {command} " in text or f"\n     {command}\n" in text, command


def test_installs_a_release_by_version_from_a_mirror(tmp_path, archive, version):
    mirror = tmp_path / "releases" / f"v{version}"
    mirror.mkdir(parents=True)
    shutil.copy(archive, mirror)
    shutil.copy(f"{archive}.sha256", mirror)
    env = {"PM_RENDER_RELEASE_URL": (tmp_path / "releases").as_uri(), "PM_RENDER_REPOSITORY": "example/pm-render"}
    result = install("--version", f"v{version}", "--prefix", str(tmp_path / "prefix"), env=env)
    assert result.returncode == 0, result.stderr
    assert "verified" in result.stderr and (tmp_path / "prefix" / "bin" / "pm-render").exists()
    missing = install("--version", "9.9.9", "--prefix", str(tmp_path / "other"), env=env)
    assert missing.returncode == 3  # no such release: the action builds from source instead
    assert "cannot download" in missing.stderr and not (tmp_path / "other").exists()


def test_refuses_a_tampered_archive(tmp_path, archive):
    data = bytearray(archive.read_bytes())
    data[-100] ^= 0x01
    (tmp_path / archive.name).write_bytes(bytes(data))
    shutil.copy(f"{archive}.sha256", tmp_path)
    result = install("--archive", str(tmp_path / archive.name), "--prefix", str(tmp_path / "prefix"))
    assert result.returncode == 1
    assert f"checksum mismatch for '{archive.name}'" in result.stderr and "refusing to install" in result.stderr
    assert not (tmp_path / "prefix").exists()


def test_options_that_exclude_each_other_are_a_usage_error(tmp_path, archive):
    result = install("--archive", str(archive), "--from-source", "--prefix", str(tmp_path / "prefix"))
    assert result.returncode == 2
    assert "exclude each other" in result.stderr
