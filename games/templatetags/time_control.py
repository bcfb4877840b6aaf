"""``{{ match|time_control }}``: a match's (or a tournament's) time control
in words, in the reader's language (``time_control_summary``)."""

from __future__ import annotations

from django import template

from games.deadlines.selectors import time_control_summary

register = template.Library()


@register.filter
def time_control(holder) -> str:
    return time_control_summary(holder)
