"""Running one write service for a POSTed form (a view
calls one service and tells the person what happened)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING

from django.contrib import messages
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme

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


def redirect_back(request, target: str, fallback: str) -> HttpResponseRedirect:
    """To ``target``, a form's ``next`` (the page it was on), when it is a
    path of this site; else to the page named ``fallback``.  Whatever else
    a hand-made form sends (a word, a number, another site) leads to
    ``fallback``: never taken for a page's name (``redirect`` would, and fail)."""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return HttpResponseRedirect(target)
    return redirect(fallback)


def form_post(page: str, *, keep: tuple[str, ...] = ("pk",)):
    """Decorate a view that only takes a form's POST.  A GET or HEAD (the
    login's ``next`` after a session ran out while the form was open, a
    reload, a bookmark) is redirected to the page named ``page``, the one
    the form is on, given the view's URL arguments named in ``keep``; any
    other method is answered 405, as ``require_POST`` does.  Put it above
    ``login_required``: a visitor is sent to the page, which asks them to
    sign in where it must, not to a login that leads back here."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method in ("GET", "HEAD"):
                return redirect(page, **{name: kwargs[name] for name in keep})
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
