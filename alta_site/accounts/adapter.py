"""allauth adapter: fills the display name and language during sign-up;
queues allauth's mails in the recipient's language."""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.sites.shortcuts import get_current_site
from django.urls import reverse
from django.utils import translation

from core.moments import zone_for_language

from .mailing import in_recipients_language, queue_rendered
from .middleware import activate_preferences


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        user.display_name = form.cleaned_data["display_name"]
        # A new account keeps the language its sign-up page was shown in
        # (the browser's Accept-Language, by LocaleMiddleware); from then on
        # the profile's setting decides.
        language = translation.get_language() or ""
        if language in user.Language.values:
            user.language = language
        # Deadlines are written in the reader's zone: the browser's, else
        # the usual one of the language's players (they can change it).
        user.time_zone = form.cleaned_data.get("time_zone") or zone_for_language(user.language)
        if commit:
            user.save()
        return user

    def get_login_redirect_url(self, request):
        """As allauth's (the profile), except for a player whose address has
        an invitation waiting: the invitation page said "this link brings you
        back here" before they signed up, confirmed and logged in (several
        such invitations: the home page lists them)."""
        from games.selectors import invitations_for

        waiting = list(invitations_for(request.user).filter(invited_user__isnull=True)[:2])
        if len(waiting) == 1:
            return reverse("game-invitation", args=[waiting[0].invitation_token])
        if waiting:
            return reverse("home")
        return super().get_login_redirect_url(request)

    def login(self, request, user):
        """As allauth's; the rest of the request (its "Signed in as ...")
        then speaks the player's language and shows their time zone."""
        super().login(request, user)
        activate_preferences(request, user)

    def send_mail(self, template_prefix, email, context):
        """As allauth's, but in the language of the account the address
        belongs to (not the browser's: a reset can be asked for by anyone)
        and queued in the outbox instead of sent within the request."""
        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request), **context}
        with in_recipients_language(email):
            message = self.render_mail(template_prefix, email, ctx)
        queue_rendered(message)
