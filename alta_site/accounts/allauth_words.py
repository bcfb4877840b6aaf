"""Words of django-allauth's pages that this site translates itself: its
catalogue (``LOCALE_PATHS``) is read before allauth's, and allauth's Dutch
leaves some English in ("Huidig email") and splits compounds
("Bevestigings e-mail", "Wachtwoord wijziging").  Marked here so that
``makemessages`` keeps them in ``locale/``."""

from django.utils.translation import gettext_noop

WORDS = (
    gettext_noop("Current email"),
    gettext_noop("Confirmation email sent to %(email)s."),
    gettext_noop("Re-send Verification"),
    gettext_noop(
        'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email '
        "confirmation request</a>."
    ),
    gettext_noop("Password successfully changed."),
)
