"""The limits of a time control, in days.  ``clock.time_control_clean``
enforces them; forms, serializers and the tournament and ladder settings
offer the same bounds by importing them from here.  (A module of its own,
importing nothing, so that model and form modules may use it at import
time.)"""

#: Most days per move, and the most a Fischer bank may start with or gain per move.
MAX_DAYS_PER_MOVE = 30
#: Most days a Fischer bank may hold.
MAX_BANK_DAYS = 60
