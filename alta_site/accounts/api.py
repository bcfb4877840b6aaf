"""The caller's own account: ``/api/me/`` (read it, with whether mail to
their address bounces and whether a spam complaint of theirs stopped their
game mail; change the settings of the profile page) and ``/api/me/export/``
(everything about them, ``export.user_export``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiTypes, extend_schema, extend_schema_field
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, InstantField, ListCreateApi
from games.timing.clock import deadlines_after_zone_change
from mail.bounce_policy import bounce_notice
from mail.complaints import complaint_notice

from .forms import clean_display_name, time_zone_names
from .views_data import export_response

User = get_user_model()


class MeExportApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        """Your data: account, settings, your games as you see them, moves,
        ratings, competitions and mails, as one JSON document."""
        return export_response(request.user)


class MailBouncingSerializer(serializers.Serializer):
    """What the pages' banner tells a player whose address bounces."""

    last_at = InstantField(help_text="When a mail to your address last bounced.")
    reason = serializers.CharField(help_text="The receiving server's words, its status code first (5.1.1 ...).")
    meaning = serializers.CharField(help_text="What the status code means, in your language.")
    count = serializers.IntegerField(help_text="Mails to your address that bounced since you last checked it.")
    paused = serializers.BooleanField(
        help_text="Game mail to your address has stopped (answers to mail you send still go) until you check it."
    )


def mail_bouncing(user) -> dict | None:
    """``MailBouncingSerializer``'s answer for ``user`` (``None`` while mail
    to their address does not bounce): the banner's
    (``bounce_policy.bounce_notice``) with the export's facts.  No query:
    the fields are on the user row."""
    notice = bounce_notice(user)
    if notice is None:
        return None
    facts = {"last_at": user.email_bounced_at, "reason": user.email_bounce_reason, "count": user.email_bounces}
    return MailBouncingSerializer({**facts, "meaning": notice["reason"], "paused": notice["paused"]}).data


class MailStoppedAsSpamSerializer(serializers.Serializer):
    """What the pages' banner tells a player whose spam complaint stopped their game mail."""

    at = InstantField(help_text="When you marked one of our mails as spam.")
    meaning = serializers.CharField(help_text="What it did, in your language (the pages' banner's sentence).")


def mail_stopped_as_spam(user) -> dict | None:
    """``MailStoppedAsSpamSerializer``'s answer for ``user`` (``None`` unless
    the banner shows, ``complaint_notice``: never complained, or game mail
    turned on again).  No query: the fields are on the user row."""
    if not complaint_notice(user):
        return None
    # The banner's msgid (base.html), so that both say the same in every language.
    meaning = _("You marked one of our emails as spam, so we stopped your game emails.")
    return MailStoppedAsSpamSerializer({"at": user.email_complained_at, "meaning": meaning}).data


class MeApi(ListCreateApi):
    """Reading is free; a change counts against the user's write limit."""

    permission_classes = [permissions.IsAuthenticated]

    class MeOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        email = serializers.EmailField()
        display_name = serializers.CharField()
        time_zone = serializers.CharField()
        language = serializers.CharField()
        notifications = serializers.CharField()
        chat_at_once = serializers.BooleanField()
        mail_bouncing = serializers.SerializerMethodField(
            help_text="Mail to your address bounces (null while it does not); "
            "checking the address on the profile page, changing or confirming it clears it."
        )
        mail_stopped_as_spam = serializers.SerializerMethodField(
            help_text="Your game mail stopped because you marked one of our mails as spam (else null); "
            "turning game mail on again on the profile page clears it."
        )

        @extend_schema_field(MailBouncingSerializer(allow_null=True))
        def get_mail_bouncing(self, user) -> dict | None:
            return mail_bouncing(user)

        @extend_schema_field(MailStoppedAsSpamSerializer(allow_null=True))
        def get_mail_stopped_as_spam(self, user) -> dict | None:
            return mail_stopped_as_spam(user)

    class MeInputSerializer(serializers.Serializer):
        """The profile page's settings; each is optional."""

        display_name = serializers.CharField(max_length=200, required=False, help_text="Shown to other players.")
        time_zone = serializers.ChoiceField(
            choices=sorted(time_zone_names()), required=False, help_text="Times in pages and mails (IANA name)."
        )
        language = serializers.ChoiceField(
            choices=User.Language.choices, required=False, help_text="Of pages, mails and the API's messages."
        )
        notifications = serializers.ChoiceField(
            choices=User.Notifications.choices,
            required=False,
            help_text="Game emails: every turn, a daily digest or none. Turning them on again ends what a spam "
            "complaint stopped (mail_stopped_as_spam).",
        )
        chat_at_once = serializers.BooleanField(
            required=False, help_text="Mail each chat message of your games at once, not with the next game email."
        )

        def validate_display_name(self, value: str) -> str:
            try:
                return clean_display_name(value, exclude_pk=self.context["user"].pk)
            except DjangoValidationError as error:
                raise serializers.ValidationError(error.messages[0], code=error.code) from None

    @extend_schema(responses={200: MeOutputSerializer, **ERRORS})
    def get(self, request):
        """Your account."""
        return Response(self.MeOutputSerializer(request.user).data)

    @extend_schema(request=MeInputSerializer, responses={200: MeOutputSerializer, **ERRORS})
    def patch(self, request):
        """Change your settings as on the profile page (a display name is
        refused when it reads like another's); a refused value changes nothing."""
        data = self.MeInputSerializer(data=request.data, context={"user": request.user})
        data.is_valid(raise_exception=True)
        user = request.user
        zone_before = user.time_zone
        for field, value in data.validated_data.items():
            setattr(user, field, value)
        if data.validated_data:
            user.save(update_fields=[*data.validated_data, *user.settings_saved()])
        if user.time_zone != zone_before:  # weekends off follow the player's zone, as on the profile page
            deadlines_after_zone_change(user=user, now=timezone.now())
        return Response(self.MeOutputSerializer(user).data)
