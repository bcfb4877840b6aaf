"""Words of django-allauth's pages that this site translates itself: its
catalogue (``LOCALE_PATHS``) is read before allauth's, and allauth's Dutch
leaves some English in ("Huidig email") and splits compounds
("Bevestigings e-mail", "Wachtwoord wijziging").  Marked here so that
``makemessages`` keeps them in ``locale/``."""

from django.utils.translation import gettext_noop

WORDS = (
    gettext_noop("Current email"),
    # The page changes the address, as the menu's "Change email" ("E-mailadres wijzigen") says.
    gettext_noop("Change Email"),
    gettext_noop("Confirmation email sent to %(email)s."),
    gettext_noop("Re-send Verification"),
    gettext_noop(
        'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email '
        "confirmation request</a>."
    ),
    gettext_noop("Password successfully changed."),
    # Signing in and out as the menu says it ("Inloggen", "Uitloggen"), not "Aanmelden", which also reads as signing up.
    gettext_noop("Sign In"),
    gettext_noop("Sign Out"),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop("You have signed out."),
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
    gettext_noop("If you have not created an account yet, then please %(link)ssign up%(end_link)s first."),
)
