"""Running one write service for a POSTed form (a view
calls one service and tells the person what happened)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.contrib import messages
from django.shortcuts import redirect

from .errors import GameActionError

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


def action_redirect(request, pk: int, action: Callable[[], object], success: str | StrPromise, *, to: str):
    """Run ``action()``; its ``GameActionError`` becomes an error message,
    else ``success`` (when not empty) a success message.  Then redirect to
    the page named ``to`` of object ``pk``.  Modules bind ``to`` with
    ``functools.partial``."""
    try:
        action()
    except GameActionError as error:
        messages.error(request, error.message)
    else:
        if success:
            messages.success(request, success)
    return redirect(to, pk=pk)
