"""A mail names its reader's time zone as the page footer and the profile
list write it ("America/New York"), in English and in Dutch, not the raw
"America/New_York"."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from core.templatetags.written_dates import zone_name
from mail.render import deadline_line
from tests.conftest import living_in

pytestmark = pytest.mark.django_db

DEADLINE = dt.datetime(2026, 6, 8, 21, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Your deadline: Monday 8 June 2026, 17:30 (America/New York time)."),
        ("nl", "Je termijn: maandag 8 juni 2026, 17:30 (tijdzone America/New York)."),
    ],
)
def test_a_mail_names_the_zone_as_the_footer_does(language, said, alice):
    living_in(language, "America/New_York", alice)
    with translation.override(language):
        line = deadline_line(DEADLINE, alice)
    assert line == said
    assert zone_name(alice.time_zone) in line and "New_York" not in line
