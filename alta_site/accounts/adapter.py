"""allauth adapter: fills the display name and language during sign-up."""

from allauth.account.adapter import DefaultAccountAdapter
from django.utils import translation


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
        if commit:
            user.save()
        return user
