"""allauth's pages behind a mailed link (a new password, a confirmed
address), in the language of the account the link is for: the mail was
written in it, and the link is often opened in another browser (a phone's
mail app) than the one the player set up."""

from __future__ import annotations

from allauth.account.views import ConfirmEmailView, PasswordResetFromKeyView

from .middleware import speak_as


class PasswordResetFromKey(PasswordResetFromKeyView):
    def get_context_data(self, **kwargs) -> dict:
        # ``reset_user`` is set only once the link's key is checked: an
        # invalid link says so in the browser's language.
        user = getattr(self, "reset_user", None)
        if user is not None:
            speak_as(self.request, user)
        return super().get_context_data(**kwargs)


class ConfirmEmail(ConfirmEmailView):
    def get_object(self, queryset=None):
        # Before anything is said (the page, "You have confirmed ..."); an
        # unknown key raises Http404 here and says so in the browser's language.
        confirmation = super().get_object(queryset)
        address = getattr(confirmation, "email_address", None)
        if address is not None:
            speak_as(self.request, address.user)
        return confirmation


password_reset_from_key = PasswordResetFromKey.as_view()
confirm_email = ConfirmEmail.as_view()
