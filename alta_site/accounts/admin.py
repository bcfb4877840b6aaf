from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ratings.services import challenges_withdraw

from .closing import account_close, is_closed
from .models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ["email"]
    list_display = ["email", "display_name", "is_staff", "is_active", "date_joined"]
    search_fields = ["email", "display_name"]
    fieldsets = [
        (None, {"fields": ["email", "password"]}),
        (_("Profile"), {"fields": ["display_name", "time_zone", "language", "notifications"]}),
        # Written by the mail intake on a hard bounce (``mail.bounces``);
        # blanking the address clears it, as the player's "try again" does.
        (
            _("Mail delivery"),
            {
                "fields": [
                    "email_bounced_address",
                    "email_bounced_at",
                    "email_bounce_reason",
                    "email_bounces",
                    "email_complained_at",
                    "email_checked_at",
                ]
            },
        ),
        (_("Permissions"), {"fields": ["is_active", "is_staff", "is_superuser", "groups", "user_permissions"]}),
        (_("Dates"), {"fields": ["last_login", "date_joined"]}),
    ]
    add_fieldsets = [
        (None, {"classes": ["wide"], "fields": ["email", "display_name", "password1", "password2"]}),
    ]

    actions = ["close_accounts"]

    def save_model(self, request, obj, form, change) -> None:
        """Save; a suspended account (``is_active`` turned off) also has its
        open ladder challenges withdrawn: none can be played, and the other
        player should not be left with one to answer."""
        super().save_model(request, obj, form, change)
        if change and "is_active" in form.changed_data and not obj.is_active:
            challenges_withdraw(user=obj, now=timezone.now())

    # Deleting a user would take finished games and other players' ratings
    # with it (and PROTECT foreign keys refuse it anyway): staff close the
    # account instead, which anonymises it the way a player's own closing does.
    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(
        description=_("Close the selected accounts (resign their games, delete their personal data)"),
        permissions=["change"],
    )
    def close_accounts(self, request, queryset):
        now = timezone.now()
        closed = 0
        for user in queryset:
            if not is_closed(user):
                account_close(user=user, now=now)
                closed += 1
        self.message_user(
            request,
            ngettext("%(count)d account closed.", "%(count)d accounts closed.", closed) % {"count": closed},
            messages.SUCCESS,
        )
