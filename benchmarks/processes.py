"""What the benchmarks that start a server or a worker share: starting it in
its own process group, stopping that group, and reading the group's CPU
time and memory from Linux ``/proc``; and the machine's load, which every
benchmark prints with its figures."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def start_group(command: Sequence[str], env: Mapping[str, str]) -> subprocess.Popen:
    """Start ``command`` from the project root in a new session: its process
    group id is its pid, which the readers below and ``stop_group`` use."""
    return subprocess.Popen(list(command), cwd=ROOT, env=dict(env), start_new_session=True)


def debug_off(env: MutableMapping[str, str]) -> None:
    """``DEBUG`` off unless the environment says otherwise, with the secret
    key the site then requires (a benchmark's own, unless one is set)."""
    env.setdefault("DEBUG", "0")
    if not env.get("SECRET_KEY_FILE"):
        env.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 40)


def start_mail_worker(concurrency: int, smtp_port: int) -> tuple[subprocess.Popen, dict[str, str]]:
    """A real Celery worker (``tests.workers.celery_worker_command``) in its
    own group, sending to the SMTP server at ``smtp_port``; returns it and
    its environment.  It runs as deployed (docker/.env.example) unless the
    environment says otherwise: it keeps its database connection between
    tasks (``DB_CONN_MAX_AGE``; without it every task opens a new one, about
    3 ms of the worker's CPU), and ``DEBUG`` is off (with it on, Django
    keeps and formats every SQL statement and templates render in debug
    mode)."""
    from tests.workers import celery_worker_command

    env = dict(os.environ, EMAIL_URL=f"smtp://127.0.0.1:{smtp_port}")
    env.setdefault("DB_CONN_MAX_AGE", "60")
    debug_off(env)
    command = celery_worker_command(f"--concurrency={concurrency}", "--loglevel=WARNING")
    return start_group(command, env), env


def start_mail_gateway(port: int, env: Mapping[str, str]) -> subprocess.Popen:
    """The SMTP mail gateway (``manage.py mail_gateway``) in its own group on
    ``port``, as deployed (its own process; ``DEBUG`` off and database
    connections kept, as for the worker); returns once it accepts
    connections."""
    env = dict(env)
    env.setdefault("DB_CONN_MAX_AGE", "60")
    debug_off(env)
    command = [sys.executable, "manage.py", "mail_gateway", "--host", "127.0.0.1", "--port", str(port)]
    gateway = start_group(command, env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return gateway
        except OSError:
            if gateway.poll() is not None:
                raise RuntimeError(f"the mail gateway exited ({gateway.returncode})") from None
            time.sleep(0.1)
    stop_group(gateway)
    raise RuntimeError("the mail gateway did not start within 60 s")


def stop_group(process: subprocess.Popen) -> None:
    """Stop ``process`` and every process it started (its group), and wait."""
    os.killpg(process.pid, signal.SIGTERM)
    process.wait()


def processes() -> Iterator[tuple[int, str, int, float]]:
    """``(pid, command name, process group, CPU seconds used)`` of every
    process that can be read."""
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except (OSError, ValueError):
            continue
        command = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        yield int(entry.name), command, int(fields[2]), (int(fields[11]) + int(fields[12])) / tick


def group_cpu_seconds(group: int) -> float:
    """CPU seconds (user + system) used so far by process group ``group``."""
    return sum(cpu for _, _, pgrp, cpu in processes() if pgrp == group)


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` alone
    (0 once it has exited)."""
    return sum(cpu for found, _, _, cpu in processes() if found == pid)


def postgres_cpu_seconds() -> float:
    """CPU seconds used so far by the machine's PostgreSQL processes (every
    database's: on a shared machine it counts the others' work too),
    including backends that have exited (the server's reaped children)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if stat[stat.find("(") + 1 : stat.rfind(")")].startswith("postgres"):
            fields = stat[stat.rindex(")") + 2 :].split()
            total += sum(int(field) for field in fields[11:15]) / tick  # utime stime cutime cstime
    return total


def rss_mb(group: int) -> list[float]:
    """Resident memory (MB) of each process of process group ``group`` (the
    master first, then its workers)."""
    found = []
    for pid, _, pgrp, _ in processes():
        if pgrp != group:
            continue
        try:
            status = (Path("/proc") / str(pid) / "status").read_text()
        except OSError:
            continue
        kb = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        found.append((pid != group, kb / 1024))
    return [mb for _, mb in sorted(found)]


def load() -> str:
    """The load averages (``uptime``'s three figures) and the CPU count."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f}/{five:.2f}/{fifteen:.2f} on {os.cpu_count()} CPUs"
