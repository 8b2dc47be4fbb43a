"""The CI examples, the action and the release workflow: valid against SchemaStore's schemas (as vendored by
check-jsonschema, which needs no network), and using pm-render and its action as documented."""
import pathlib
import re
import subprocess
import sys

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK_JSONSCHEMA = pathlib.Path(sys.executable).parent / "check-jsonschema"
GITHUB_EXAMPLE = ROOT / "examples" / "github-actions.yml"
GITLAB_EXAMPLE = ROOT / "examples" / "gitlab-ci.yml"
RELEASE_WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
ACTION = ROOT / "action.yml"


def validate(schema, path):
    return subprocess.run([str(CHECK_JSONSCHEMA), "--builtin-schema", schema, str(path)], capture_output=True,
                          text=True)


@pytest.mark.parametrize("schema, path", [
    ("vendor.github-actions", ACTION),
    ("vendor.github-workflows", GITHUB_EXAMPLE),
    ("vendor.github-workflows", RELEASE_WORKFLOW),
    ("vendor.gitlab-ci", GITLAB_EXAMPLE),
], ids=["action.yml", "github-actions.yml", "release.yml", "gitlab-ci.yml"])
def test_valid_against_schemastore(schema, path):
    result = validate(schema, path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("schema, path, break_it", [
    ("vendor.github-actions", ACTION, lambda text: text.replace("      shell: bash\n", "")),  # composite steps need one
    ("vendor.github-workflows", GITHUB_EXAMPLE, lambda text: text.replace("runs-on:", "runs_on:", 1)),
    ("vendor.gitlab-ci", GITLAB_EXAMPLE, lambda text: text.replace("    paths:", "    pathz:")),
], ids=["action.yml", "github-actions.yml", "gitlab-ci.yml"])
def test_the_schemas_reject_a_broken_copy(tmp_path, schema, path, break_it):
    """The same check on a copy with one mistake fails: the schemas are really applied."""
    broken = tmp_path / path.name
    text = path.read_text()
    broken.write_text(break_it(text))
    assert broken.read_text() != text
    assert validate(schema, broken).returncode == 1


def jobs(workflow):
    return yaml.safe_load(workflow.read_text())["jobs"]


def triggers(workflow):
    document = yaml.safe_load(workflow.read_text())
    return document[True] if True in document else document["on"]  # PyYAML reads the key `on` as true


def action_steps(job):
    return [step for step in job["steps"] if re.fullmatch(r"YOUR-ORG/pm-render@v\d+\.\d+\.\d+", step.get("uses", ""))]


def test_github_example_uses_the_action_after_a_full_checkout():
    inputs = set(yaml.safe_load(ACTION.read_text())["inputs"])
    example_jobs = jobs(GITHUB_EXAMPLE)
    for name in ("boards", "overdue"):
        steps = example_jobs[name]["steps"]
        [step] = action_steps(example_jobs[name])
        checkout = steps[steps.index(step) - 1]
        assert checkout["uses"].startswith("actions/checkout@") and checkout["with"]["fetch-depth"] == 0
        assert set(step["with"]) <= inputs  # only inputs the action declares


def test_github_example_publishes_the_actions_site_to_pages():
    example_jobs = jobs(GITHUB_EXAMPLE)
    [step] = action_steps(example_jobs["boards"])
    upload = next(s for s in example_jobs["boards"]["steps"]
                  if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "${{ steps." + step["id"] + ".outputs.site }}"
    assert "github.io" in step["with"]["base-url"]
    publish = example_jobs["publish"]
    assert publish["needs"] == "boards" and publish["permissions"] == {"pages": "write", "id-token": "write"}
    assert publish["steps"][-1]["uses"].startswith("actions/deploy-pages@")


def test_github_example_fails_a_scheduled_run_when_overdue():
    assert "schedule" in triggers(GITHUB_EXAMPLE) and "pull_request" in triggers(GITHUB_EXAMPLE)
    overdue = jobs(GITHUB_EXAMPLE)["overdue"]
    assert overdue["if"] == "github.event_name == 'schedule'"
    [step] = action_steps(overdue)
    assert step["with"]["fail-on-overdue"] is True


def test_gitlab_example_verifies_the_release_and_publishes_public():
    config = yaml.safe_load(GITLAB_EXAMPLE.read_text())
    setup = "\n".join(config["default"]["before_script"])
    assert 'archive="pm-render-$PM_RENDER_VERSION-linux-x86_64.tar.gz"' in setup  # scripts/release's name
    assert setup.index('curl -fsSLO "$PM_RENDER_RELEASES/v$PM_RENDER_VERSION/$archive.sha256"') \
        < setup.index('sha256sum -c "$archive.sha256"') < setup.index('tar -xzf "$archive"')
    assert config["pages"]["artifacts"]["paths"] == ["public"]
    assert any(line.startswith("pm-render boards/*.md -o public") for line in config["pages"]["script"])
    assert any("--against \"$CI_MERGE_REQUEST_DIFF_BASE_SHA\"" in line for line in config["check"]["script"])
    assert any(line.endswith("--fail-on-overdue") for line in config["overdue"]["script"])
    assert config["variables"]["GIT_DEPTH"] == "0"


def test_release_workflow_builds_with_scripts_release_on_a_tag():
    assert triggers(RELEASE_WORKFLOW) == {"push": {"tags": ["v*"]}}
    workflow_jobs = jobs(RELEASE_WORKFLOW)
    build = " ".join(step.get("run", "") for step in workflow_jobs["build"]["steps"])
    assert "scripts/release" in build and "Version.swift" in build
    publish = workflow_jobs["publish"]
    assert publish["permissions"] == {"contents": "write"} and set(publish["needs"]) == {"build", "smoke-test"}
    assert "gh release upload \"$GITHUB_REF_NAME\" dist/*.tar.gz dist/*.sha256" in publish["steps"][-1]["run"]
    assert "ubuntu:22.04" in workflow_jobs["smoke-test"]["strategy"]["matrix"]["image"]
