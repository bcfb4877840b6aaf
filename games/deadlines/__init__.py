"""Deadlines: the clock of each seat (``clock``), enforcing and reminding
(``sweeps``), vacations (``vacation``), their reads (``selectors``), pages
(``views``, ``urls``) and the iCalendar feed (``calendar``).

``clock`` sits below the move write path (``games.services`` starts and
stops clocks through it); ``sweeps`` and ``vacation`` sit above it (they
play and record through ``games.services``).  Nothing is re-exported here,
so importing one module never loads the others.
"""
