"""Words of Django's own pages and forms that this site translates itself:
its catalogue (``LOCALE_PATHS``) is read before Django's, and Django's
Dutch has ``MinimumLengthValidator``'s error only under an older msgid
(``%(min_length)d``), so a Dutch sign-up said "This password is too short"
in English; and Django's Dutch password rules address the reader as "u"
where the site says "je".  Marked here so that ``makemessages`` keeps them
in ``locale/``."""

from django.utils.translation import gettext_lazy, ngettext_lazy

# Exactly as django.contrib.auth.password_validation writes it (Django 5.2).
WORDS = (
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,  # never rendered: only the marking counts
    ),
    # The password rules under the sign-up and password-change fields (get_help_text).
    gettext_lazy("Your password can’t be too similar to your other personal information."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        8,
    ),
    gettext_lazy("Your password can’t be a commonly used password."),
    gettext_lazy("Your password can’t be entirely numeric."),
)
