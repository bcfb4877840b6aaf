"""Staff reading a rating change in the admin: its score's help names a tie
a "shared result", as every other English page does ("win 1, shared result
½, loss 0"), and the Dutch a "gedeelde uitslag"."""

from __future__ import annotations

import re

import pytest

from ratings.models import RatingChange
from ratings.services import rating_apply
from tests.conftest import make_user

from .conftest import rated_result

pytestmark = pytest.mark.django_db


def _admin_page(client, alice, bob, now, language: str) -> str:
    match = rated_result([alice, bob], now=now)
    rating_apply(match_id=match.pk)
    staff = make_user("admin@example.com", "Admin", is_staff=True, is_superuser=True)
    staff.language = language
    staff.save(update_fields=["language"])
    client.force_login(staff)
    change = RatingChange.objects.get(match=match, user=alice)
    answer = client.get(f"/admin/ratings/ratingchange/{change.pk}/change/")
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_admin_calls_a_tie_a_shared_result(client, alice, bob, now):
    page = _admin_page(client, alice, bob, now, "en")
    assert "Sum of the pairwise scores (win 1, shared result 0.5, loss 0)." in page
    assert not re.search(r"\btie\b", page, re.I)


def test_the_dutch_admin_calls_it_a_gedeelde_uitslag(client, alice, bob, now):
    page = _admin_page(client, alice, bob, now, "nl")
    assert "Som van de scores per tweetal (winst 1, gedeelde uitslag 0,5, verlies 0)." in page
