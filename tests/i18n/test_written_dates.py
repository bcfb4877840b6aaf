"""Dates as the reader's language writes them: Dutch writes the abbreviated
month in lower case ("do 10 dec"), English capitalises it ("Thu 10 Dec");
Django's ``|date:"M"`` capitalises it in every language."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from games.services import match_create_seated
from tests.conftest import make_user

MOMENT = dt.datetime(2026, 12, 10, 5, 53, tzinfo=dt.UTC)


def _written(language: str, form: str) -> str:
    with translation.override(language), timezone.override("Europe/Amsterdam"):
        return Template("{{ moment|written:form }}").render(Context({"moment": MOMENT, "form": form}))


@pytest.mark.parametrize(
    ("language", "form", "shown"),
    [
        ("en", "D j M, H:i", "Thu 10 Dec, 06:53"),
        ("nl", "D j M, H:i", "do 10 dec, 06:53"),
        ("nl", "j M Y", "10 dec 2026"),
        ("nl", r"j F Y \M", "10 december 2026 M"),  # an escaped M stays a letter
        ("it", "j M", "10 dic"),
        ("nl", "SHORT_DATETIME_FORMAT", "10-12-2026 06:53"),  # a named format is the language's own
    ],
)
def test_a_date_is_written_as_the_readers_language_writes_it(language, form, shown):
    assert _written(language, form) == shown


@pytest.mark.django_db
def test_a_dutch_player_reads_her_deadline_with_a_lower_case_month(client):
    players = [make_user(f"{n}@example.nl", n, language="nl", time_zone="Europe/Amsterdam") for n in ("Anna", "Bram")]
    match = match_create_seated(users=players, game="alta", now=MOMENT - dt.timedelta(days=2))
    mover = match.seats.get(deadline_at__isnull=False)
    mover.deadline_at = MOMENT
    mover.save(update_fields=["deadline_at"])
    client.force_login(mover.user)
    page = client.get("/").content.decode()
    assert "do 10 dec, 06:53" in page and "10 Dec" not in page
