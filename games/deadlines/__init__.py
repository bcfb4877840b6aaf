"""Deadlines: enforcing and reminding (``sweeps``, ``reminders``),
vacations (``vacation``), their reads (``selectors``), pages (``views``,
``urls``) and the iCalendar feed (``calendar``).

The package sits above ``games.services``: the sweeps play, resign and
record through it.  The seats' clocks are ``games.timing.clock``, below
both, since the move write path starts and stops them; ``clock`` and
``limits`` here only re-export the names other apps still import from this
package.  Nothing is re-exported here, so importing one module never loads
the others.
"""
