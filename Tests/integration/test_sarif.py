"""SARIF output checked against models generated from the official SARIF 2.1.0 schema (pydantic-sarif)."""
import json
import os
import pathlib
import subprocess

import pytest
from pydantic_sarif.model import StaticAnalysisResultsFormatSarifVersion210JsonSchema as SarifLog

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("PM_RENDER_BINARY", str(ROOT / ".build/debug/pm-render"))


def sarif_for(*boards):
    result = subprocess.run([BINARY, "check", "--diagnostics", "sarif", *boards], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


@pytest.mark.parametrize("document", [
    pytest.param(lambda: sarif_for("Tests/PMRenderTests/Fixtures/diagnostics/duplicates.md",
                                   "Tests/PMRenderTests/Fixtures/diagnostics/sections.md"), id="check"),
    pytest.param(lambda: sarif_for("examples/board.md"), id="clean-board"),
    pytest.param(lambda: (ROOT / "Tests/PMRenderTests/Expected/formats/transitions.sarif").read_text(), id="transitions"),
])
def test_sarif_is_valid_2_1_0(document):
    text = document()
    SarifLog.model_validate_json(text)  # raises on anything the 2.1.0 schema forbids
    data = json.loads(text)
    assert data["version"] == "2.1.0"
    run = data["runs"][0]
    assert run["tool"]["driver"]["name"] == "pm-render"
    rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    for result in run["results"]:
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")


def test_sarif_lists_every_diagnostic():
    data = json.loads(sarif_for("Tests/PMRenderTests/Fixtures/diagnostics/duplicates.md"))
    results = data["runs"][0]["results"]
    assert [(r["locations"][0]["physicalLocation"]["region"]["startLine"], r["ruleId"]) for r in results] == [
        (10, "duplicate-card-id"), (16, "duplicate-card-id")]  # repeated titles are fine; repeated IDs are not
    assert results[0]["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 4
