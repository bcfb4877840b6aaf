"""Django's ``makemessages``, reading ``ngettext_noop`` calls too.

``core.marking.ngettext_noop`` marks a plural stored untranslated; this
is Django's documented way to pass xgettext another keyword.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
