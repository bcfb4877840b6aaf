"""The site's name and address come from SITE_NAME and SITE_URL: the Site
row allauth's mails read, and the address ``make run`` serves and prints."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sites.models import Site
from django.core import mail
from django.test import override_settings

from alta_site.identity import site_domain, site_sync
from tests.conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_migrate_names_the_site_after_the_settings():
    site = Site.objects.get(pk=settings.SITE_ID)
    assert site.name == settings.SITE_NAME
    assert site.domain == site_domain(settings.SITE_URL)
    assert "example.com" not in site.domain


@pytest.mark.django_db
def test_sync_follows_changed_settings():
    with override_settings(SITE_URL="https://games.club.test:8443", SITE_NAME="Club games"):
        site_sync()
        site = Site.objects.get_current()
    assert (site.domain, site.name) == ("games.club.test:8443", "Club games")
    assert Site.objects.count() == 1


@pytest.mark.django_db
def test_first_mail_a_new_user_gets_names_the_site_not_example_com(client, django_capture_on_commit_callbacks):
    with (
        override_settings(SITE_URL="https://alta.club.test", SITE_NAME="Alta club"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        site_sync()
        response = client.post(
            "/accounts/signup/",
            {
                "email": "erin@mail.test",
                "display_name": "Erin",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    everything = message.subject + message.body + "".join(str(a[0]) for a in message.alternatives)
    assert "example.com" not in everything
    assert "Alta club" in message.body


def fake_tools(tmp_path: Path) -> tuple[Path, Path]:
    """A bin directory whose ``python`` and ``honcho`` record the
    environment ``make run`` gives them, and an up-to-date install stamp."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("python", "honcho"):
        script = bin_dir / tool
        script.write_text(f'#!/bin/sh\necho "{tool} $SITE_URL $WEB_PORT" >> {tmp_path}/calls\n')
        script.chmod(0o755)
    stamp = tmp_path / "stamp"
    stamp.touch()
    return bin_dir, stamp


@pytest.mark.parametrize("port", ["8000", "8123"])
def test_make_run_sets_site_url_from_its_port_and_prints_it(tmp_path, port):
    bin_dir, stamp = fake_tools(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "WEB_PORT", "MAKEFLAGS"}}
    args = ["make", "-s", "run", f"BIN={bin_dir}", f"STAMP={stamp}"]
    if port != "8000":
        args.append(f"WEB_PORT={port}")
    out = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True).stdout
    assert re.search(rf"Open http://127\.0\.0\.1:{port}/ ", out), out
    calls = (tmp_path / "calls").read_text().splitlines()
    assert calls and all(line.endswith(f" http://127.0.0.1:{port} {port}") for line in calls), calls
