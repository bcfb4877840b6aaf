"""Words of django-allauth's pages that this site translates itself: its
catalogue (``LOCALE_PATHS``) is read before allauth's, and allauth's Dutch
leaves some English in ("Huidig email").  Marked here so that
``makemessages`` keeps them in ``locale/``."""

from django.utils.translation import gettext_noop

WORDS = (gettext_noop("Current email"),)
