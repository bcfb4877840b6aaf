"""The clock's names where ``tournaments`` and ``mail.outbox`` import them;
the clock is ``games.timing.clock`` (moved below ``games.services`` so that
services and deadlines no longer import each other).  Import from there."""

from games.timing.clock import (
    clock_hold_register,
    clock_hold_since_register,
    reminder_hours,
    reminder_next,
    seat_deadline,
    seat_deadline_refresh,
    seat_settings,
    seat_time_left,
    settings_for,
    stopped_time_left,
    stopped_times_left,
    time_control_clean,
)

__all__ = [
    "clock_hold_register",
    "clock_hold_since_register",
    "reminder_hours",
    "reminder_next",
    "seat_deadline",
    "seat_deadline_refresh",
    "seat_settings",
    "seat_time_left",
    "settings_for",
    "stopped_time_left",
    "stopped_times_left",
    "time_control_clean",
]
