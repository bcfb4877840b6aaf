"""allauth's page that sets a new password from a mailed link, in the
language of the account the link is for: the mail was written in it, and
the link is often opened in another browser (a phone's mail app) than the
one the player set up."""

from __future__ import annotations

from allauth.account.views import PasswordResetFromKeyView

from .middleware import REMEMBER_LANGUAGE, activate_preferences


class PasswordResetFromKey(PasswordResetFromKeyView):
    def get_context_data(self, **kwargs) -> dict:
        # ``reset_user`` is set only once the link's key is checked: an
        # invalid link says so in the browser's language.
        user = getattr(self, "reset_user", None)
        if user is not None:
            activate_preferences(self.request, user)
            # The page after ("Your password is changed") and signing in stay in it.
            setattr(self.request, REMEMBER_LANGUAGE, user.language)
        return super().get_context_data(**kwargs)


password_reset_from_key = PasswordResetFromKey.as_view()
