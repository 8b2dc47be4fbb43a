"""The GitHub Actions example uses pm-render as documented."""
import pathlib

import yaml

WORKFLOW = pathlib.Path(__file__).resolve().parents[2] / "examples" / "github-actions.yml"


def steps(job):
    return " ".join(step.get("run", "") for step in job["steps"])


def test_example_workflow():
    workflow = yaml.safe_load(WORKFLOW.read_text())
    jobs = workflow["jobs"]
    assert "pm-render check --diagnostics github --against origin/" in steps(jobs["check"])
    assert "pm-render boards/ -o _site" in steps(jobs["publish"])
    assert any(step.get("uses", "").startswith("actions/deploy-pages") for step in jobs["publish"]["steps"])
    assert "--format markdown >> \"$GITHUB_STEP_SUMMARY\"" in steps(jobs["overdue"])
    assert "--fail-on-overdue" in steps(jobs["overdue"])
    assert "schedule" in workflow[True] if True in workflow else "schedule" in workflow["on"]
