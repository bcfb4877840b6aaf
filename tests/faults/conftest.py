"""Fault tests: break servers of their own and check what users see.

Every test here is marked ``faults``.  They skip (with the reason) where the
server programs are missing, unless ``REQUIRE_FAULTS=1`` (CI), where they
fail instead.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from .servers import Postgres, Redis, manage, missing_programs, site_env
from .sink import SmtpSink


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/faults/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.faults)
            # One xdist worker runs them one after another: test_postgres_restart
            # restarts the server the others share (``migrated``), and each loads the machine.
            item.add_marker(pytest.mark.xdist_group("faults"))


def _scratch():
    path = Path(tempfile.mkdtemp(prefix="alta-faults-"))
    path.chmod(0o755)
    return path


@pytest.fixture
def scratch():
    """A directory the ``postgres`` user can reach (pytest's tmp_path is
    private to root)."""
    path = _scratch()
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _require_servers() -> None:
    missing = missing_programs()
    if missing:
        if os.environ.get("REQUIRE_FAULTS") == "1":
            pytest.fail(f"REQUIRE_FAULTS=1 but missing: {', '.join(missing)}")
        pytest.skip(f"fault tests start their own servers; missing: {', '.join(missing)}")


@pytest.fixture(autouse=True)
def _servers_available():
    _require_servers()


@pytest.fixture(scope="session")
def migrated():
    """A PostgreSQL of the session's own with the schema migrated once, in
    the template database ``alta_template`` (a migrate takes ~20 s on a
    loaded machine; copying the template, well under one)."""
    _require_servers()  # session fixtures start before the autouse check
    path = _scratch()
    server = Postgres(path)
    server.start()
    server.create_database("alta_template")
    manage(site_env(path, DATABASE_URL=server.url("alta_template")), "migrate", "--no-input")
    yield server
    server.stop()
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def site_database(migrated, request):
    """The URL of a migrated database of the test's own (on ``migrated``)."""
    name = "alta_" + request.node.name.removeprefix("test_")[:40]
    migrated.create_database(name, template="alta_template")
    return migrated.url(name)


@pytest.fixture
def redis(scratch):
    directory = scratch / "redis"
    directory.mkdir()
    server = Redis(directory)
    server.start()
    yield server
    server.kill()


@pytest.fixture
def smtp_sink():
    sink = SmtpSink()
    sink.start()
    yield sink
    sink.stop()
