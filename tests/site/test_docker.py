"""docker/ cannot run here (no Docker engine), so check it by reading it:
every command it runs must name something that exists, and every setting
the code reads must be documented."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
import yaml
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yml").read_text())
ALTA_SERVICES = ["migrate", "web", "worker", "beat", "mailgate"]


def settings_variables() -> set[str]:
    source = (ROOT / "alta_site" / "settings.py").read_text()
    return set(re.findall(r'env_(?:str|bool|int|list|secret)\(\s*"([A-Z_]+)"', source))


def check_command(command: list[str]) -> None:
    program, *args = command
    if program == "python" and args[0] == "manage.py":
        assert args[1] in get_commands(), f"no management command {args[1]!r}"
    elif program == "celery":
        assert args[:2] == ["-A", "alta_site"]
        importlib.import_module("alta_site.celery")
        assert args[2] in {"worker", "beat"}
    elif program == "gunicorn":
        module, _, attribute = args[0].partition(":")
        assert hasattr(importlib.import_module(module), attribute)
    else:
        raise AssertionError(f"unexpected program {program!r}")


@pytest.mark.parametrize("service", ALTA_SERVICES)
def test_every_service_command_refers_to_something_that_exists(service):
    check_command(COMPOSE["services"][service]["command"])


def test_the_image_default_command_exists():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    cmd = re.search(r"^CMD (\[.*\])$", dockerfile, re.MULTILINE).group(1)
    check_command(yaml.safe_load(cmd))
    for source in re.findall(r"^COPY (\S+)", dockerfile, re.MULTILINE):
        assert (ROOT / source).exists(), source


def test_compose_has_the_stack_and_workers_can_scale():
    services = COMPOSE["services"]
    assert {"web", "worker", "beat", "postgres", "redis", "mailpit"} <= set(services)
    assert "container_name" not in services["worker"]
    assert "ports" not in services["worker"]


def test_every_setting_variable_is_documented():
    example = (ROOT / "docker" / ".env.example").read_text()
    readme = (ROOT / "README.md").read_text()
    for name in settings_variables():
        assert re.search(rf"^#? ?{name}=", example, re.MULTILINE), f"{name} missing in .env.example"
        assert f"`{name}`" in readme, f"{name} missing in the README table"


def test_procfile_runs_the_same_programs():
    procfile = (ROOT / "Procfile").read_text()
    # honcho sets PORT=5000 for every process; the README promises port 8000.
    assert "${PORT" not in procfile and "127.0.0.1:${WEB_PORT:-8000}" in procfile
    for line in procfile.splitlines():
        name, _, command = line.partition(": ")
        words = [w for w in command.split() if not w.startswith("--") and "$" not in w]
        if words[0] == "python":
            words = words[:3]
        elif words[0] == "celery":
            words = words[:4]
        check_command(words)


@pytest.mark.parametrize("service", [name for name in ALTA_SERVICES if name != "migrate"])
def test_nothing_serves_or_sweeps_before_the_schema_is_migrated(service):
    """Compose starts services together unless told: web, workers, beat and
    the mail gateway wait for ``migrate`` to finish well (a first start, an
    upgrade with new migrations), and for the database to be ready."""
    waits = COMPOSE["services"][service]["depends_on"]
    assert waits["migrate"] == {"condition": "service_completed_successfully"}
    assert waits["postgres"] == {"condition": "service_healthy"}
    assert (
        "depends_on" not in COMPOSE["services"]["migrate"]
        or "migrate" not in COMPOSE["services"]["migrate"]["depends_on"]
    )
