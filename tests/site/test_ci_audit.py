""".ci/audit fails CI on a known vulnerability, and says so (without failing)
when the vulnerability database cannot be reached."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

AUDIT = Path(__file__).resolve().parents[2] / ".ci" / "audit"
VULNERABLE = {
    "dependencies": [
        {"name": "alta", "version": "0.1.0", "skip_reason": "Dependency not found on PyPI"},
        {"name": "django", "version": "5.2.0", "vulns": [{"id": "PYSEC-1", "fix_versions": ["5.2.1"]}]},
        {"name": "celery", "version": "5.5.0", "vulns": []},
    ]
}
CLEAN = {
    "dependencies": [
        {"name": "django", "version": "5.2.9", "vulns": []},
        {"name": "kombu", "version": "5.5.0", "skip_reason": "Dependency not found on PyPI"},
    ]
}
UNREACHABLE = {"dependencies": [{"name": "django", "version": "5.2.9", "skip_reason": "Dependency not found on PyPI"}]}


def run_with(tmp_path, stdout: str, code: int = 0) -> subprocess.CompletedProcess:
    fake = tmp_path / "pip-audit"
    fake.write_text(f"#!/bin/sh\ncat <<'EOF'\n{stdout}\nEOF\necho 'ConnectionError: no route' >&2\nexit {code}\n")
    fake.chmod(0o755)
    return subprocess.run(
        [sys.executable, str(AUDIT)],
        capture_output=True,
        text=True,
        env={"PIP_AUDIT": str(fake), "PATH": "/usr/bin:/bin"},
    )


@pytest.mark.parametrize(
    ("report", "code", "rc", "says"),
    [
        (VULNERABLE, 1, 1, "django 5.2.0: PYSEC-1 (fixed in 5.2.1)"),
        (CLEAN, 0, 0, "1 packages audited, no known vulnerabilities (1 could not be looked up)"),
        (UNREACHABLE, 0, 0, "NOT CHECKED - no package could be looked up"),
        (None, 1, 0, "NOT CHECKED - the vulnerability database could not be reached (ConnectionError: no route)"),
    ],
)
def test_audit_outcomes(tmp_path, report, code, rc, says):
    result = run_with(tmp_path, "" if report is None else json.dumps(report), code)
    assert result.returncode == rc, result.stdout + result.stderr
    assert says in result.stdout
