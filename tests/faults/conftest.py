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

from .servers import Postgres, Redis, missing_programs
from .sink import SmtpSink


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/faults/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.faults)


@pytest.fixture
def scratch():
    """A directory the ``postgres`` user can reach (pytest's tmp_path is
    private to root)."""
    path = Path(tempfile.mkdtemp(prefix="alta-faults-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(autouse=True)
def _servers_available():
    missing = missing_programs()
    if missing:
        if os.environ.get("REQUIRE_FAULTS") == "1":
            pytest.fail(f"REQUIRE_FAULTS=1 but missing: {', '.join(missing)}")
        pytest.skip(f"fault tests start their own servers; missing: {', '.join(missing)}")


@pytest.fixture
def postgres(scratch):
    directory = scratch / "postgres"
    directory.mkdir()
    server = Postgres(directory)
    server.start()
    yield server
    server.stop()


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
