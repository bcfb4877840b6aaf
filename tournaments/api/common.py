"""What the tournament and club endpoints share: base views (auth and the
games API's write throttle), error responses, id limits."""

from __future__ import annotations

from rest_framework import serializers

from core.api import ERRORS, ListCreateApi, MomentInputField, WriteApi  # noqa: F401 (shared by the endpoints)
from core.validators import MAX_ADDRESS

# Ids are 64-bit: a larger number would overflow the database driver.
MAX_ID = 2**63 - 1


class TournamentPlayerNameInputSerializer(serializers.Serializer):
    display_name = serializers.CharField(
        max_length=MAX_ADDRESS,
        help_text="A player's display name, or an email address: it is mailed a link that enters whoever follows it "
        "(signed in, or after signing up); the answer is the same whether an account uses the address or not.",
    )


class ClubInviteInputSerializer(serializers.Serializer):
    display_name = serializers.CharField(
        max_length=MAX_ADDRESS,
        help_text="A player's display name, or an email address: it is mailed a link that joins whoever follows it "
        "(signed in, or after signing up); the answer is the same whether an account uses the address or not.",
    )
