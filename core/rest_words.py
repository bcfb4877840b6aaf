"""Words of Django REST framework's refusals that this site translates
itself: its catalogue (``LOCALE_PATHS``) is read before DRF's, and DRF's
Dutch lacks these, so a Dutch token owner read "Invalid input." in English
(see ``core.exception_handler``).  Marked here so that ``makemessages``
keeps them in ``locale/``."""

from django.utils.translation import gettext_noop

# Exactly as rest_framework.fields, .serializers and .exceptions write them (DRF 3.18).
WORDS = (
    gettext_noop("Not a valid string."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Invalid input."),
    gettext_noop("This dictionary may not be empty."),
    gettext_noop("Ensure this field has at least {min_length} elements."),
    gettext_noop("Ensure this field has no more than {max_length} elements."),
    gettext_noop("Datetime value out of range."),
    gettext_noop("Must be a valid UUID."),
)
