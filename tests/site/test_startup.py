"""Start-up checks that need a fresh interpreter (settings load once per process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "-production-like-secret-key-0123456789",
    "SITE_URL": "https://alta.example.org",
    "ALLOWED_HOSTS": "alta.example.org",
    "EMAIL_URL": "smtp://mailer:secret@smtp.example.org:587/?tls=True",
    "MAIL_DOMAIN": "alta.example.org",
    "DEFAULT_FROM_EMAIL": "Alta <noreply@alta.example.org>",
}


def run_manage(*args: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    unset = {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    clean.update(env)
    clean["VAR_DIR"] = str(tmp_path)
    clean["DJANGO_SETTINGS_MODULE"] = "alta_site.settings"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_missing_secret_key_with_debug_off_stops_start_up(tmp_path):
    env = dict(PRODUCTION)
    del env["SECRET_KEY"]
    result = run_manage("check", env=env, tmp_path=tmp_path)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_with_production_variables(tmp_path):
    result = run_manage("check", "--deploy", "--fail-level", "DEBUG", env=PRODUCTION, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_development_key_is_generated_once_and_kept(tmp_path):
    env = {"DEBUG": "1"}
    assert run_manage("check", env=env, tmp_path=tmp_path).returncode == 0
    key = (tmp_path / "secret_key").read_text()
    assert len(key) >= 40
    assert run_manage("check", env=env, tmp_path=tmp_path).returncode == 0
    assert (tmp_path / "secret_key").read_text() == key


def test_mailgun_events_without_the_signing_key_stop_start_up(tmp_path):
    """A webhook anymail serves without its signing key would take anyone's
    events: the flag asks for the key and the basic auth."""
    result = run_manage("check", env={**PRODUCTION, "MAILGUN_EVENTS_ENABLED": "1"}, tmp_path=tmp_path)
    assert result.returncode != 0
    assert "MAILGUN_WEBHOOK_SIGNING_KEY" in result.stderr
