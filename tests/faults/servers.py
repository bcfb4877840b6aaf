"""Throwaway servers for the fault tests: each test starts its own.

The shared PostgreSQL (5432) of the machine is never stopped or restarted;
a fault test breaks only servers made here, in a temporary directory on a
free port.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.workers import celery_worker_command

PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def missing_programs() -> list[str]:
    wanted = [PG_BIN / "initdb", PG_BIN / "pg_ctl", Path(REDIS_SERVER)]
    return [str(path) for path in wanted if not path.exists()]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


class Postgres:
    """A PostgreSQL cluster of its own (trust auth, user ``postgres``).

    initdb refuses to run as root, so under root the cluster belongs to the
    ``postgres`` system user.
    """

    def __init__(self, directory: Path):
        self.directory = directory
        self.data = directory / "data"
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else None

    def _run(self, *args: str) -> None:
        result = subprocess.run(
            args, user=self.user, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=self.directory
        )
        assert result.returncode == 0, f"{args[0]} {args[1]}: {result.stderr}"

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        if not self.data.exists():
            if self.user:
                shutil.chown(self.directory, self.user)
            self._run(
                str(PG_BIN / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
            )
        self._pg_ctl("start")

    def _pg_ctl(self, action: str) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory} -c fsync=off -c full_page_writes=off"
        )
        self._run(
            str(PG_BIN / "pg_ctl"),
            action,
            "-D",
            str(self.data),
            "-w",
            "-m",
            "fast",
            "-o",
            options,
            "-l",
            str(self.directory / "log"),
        )

    def restart(self) -> None:
        """Stop (fast: every session is cut off) and start again, waiting for both."""
        self._pg_ctl("restart")

    def stop(self) -> None:
        self._run(str(PG_BIN / "pg_ctl"), "stop", "-D", str(self.data), "-w", "-m", "immediate")

    def create_database(self, name: str, template: str | None = None) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as connection:
            copy = f' TEMPLATE "{template}"' if template else ""
            connection.execute(f'CREATE DATABASE "{name}"{copy}')


def site_env(directory: Path, **variables: str) -> dict[str, str]:
    """The environment of a deployed site (DEBUG off) with state under ``directory``."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(("DJANGO_", "PYTEST"))}
    env.update(
        DJANGO_SETTINGS_MODULE="alta_site.settings",
        DEBUG="0",
        SECRET_KEY="fault-tests-" + "x" * 40,
        SITE_URL="http://127.0.0.1",
        ALLOWED_HOSTS="127.0.0.1",
        VAR_DIR=str(directory / "var"),
        PYTHONPATH=str(ROOT),
        LOG_LEVEL="WARNING",
    )
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CACHE_URL", "EMAIL_URL"):
        env.pop(name, None)
    env.update(variables)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


class Gunicorn:
    """The web server as the image starts it, on a free loopback port."""

    def __init__(self, env: dict[str, str], workers: int = 2):
        self.env = env
        self.workers = workers
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "alta_site.wsgi:application",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
        )
        wait_for(self._answers, 30, "gunicorn")

    def _answers(self) -> bool:
        assert self.process.poll() is None, "gunicorn exited"
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, 15)
            self.process.wait(timeout=15)


class Redis:
    """A redis-server of its own on a free port, without persistence: a
    restart loses every queued task, as a crashed Redis without AOF does."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
            + ["--dir", str(self.directory), "--logfile", str(self.directory / "redis.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_for(self.answers, 30, "redis-server")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """Gone at once (SIGKILL), as a crashed or stopped server is."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=15)


def _stop_group(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    os.killpg(process.pid, 15)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait()


class Worker:
    """``celery worker``: by default with the solo pool (the process that
    sends is the process a test kills); ``concurrency`` > 1 runs the
    deployed prefork pool."""

    def __init__(self, env: dict[str, str], log: Path, concurrency: int = 1):
        self.env = env
        self.log = log
        self.pool = ["--pool=solo"] if concurrency == 1 else ["--pool=prefork", f"--concurrency={concurrency}"]
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                celery_worker_command(*self.pool, "--loglevel=WARNING"),
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill(self) -> None:
        """SIGKILL: no cleanup, no ack, no last update."""
        assert self.process is not None and self.process.poll() is None, "the worker is not running"
        os.killpg(self.process.pid, 9)
        self.process.wait(timeout=15)

    def stop(self) -> None:
        _stop_group(self.process)


class MailGateway:
    """``manage.py mail_gateway`` (the SMTP server players' replies reach)."""

    def __init__(self, env: dict[str, str], log: Path):
        self.env = env
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "mail_gateway", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(self._answers, 60, "the mail gateway")

    def _answers(self) -> bool:
        assert self.process.poll() is None, f"the mail gateway exited; see {self.log}"
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return True
        except OSError:
            return False

    def send(self, raw: bytes, sender: str, recipient: str) -> tuple[int, str]:
        """Deliver one message; the gateway's answer to DATA (code, text)."""
        import smtplib

        with smtplib.SMTP("127.0.0.1", self.port, timeout=120) as client:
            client.ehlo()
            client.mail(sender)
            code, text = client.rcpt(recipient)
            if code != 250:
                return code, text.decode(errors="replace")
            code, text = client.data(raw)
            return code, text.decode(errors="replace")

    def stop(self) -> None:
        _stop_group(self.process)
