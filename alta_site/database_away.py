"""The answers to a request the database failed before its commit (gone
away, a dropped connection, a lock timeout): a 503 with a ``Retry-After``
in the reader's language, never the 500 page of a bug.  None of them
queries: the database is what failed.

A form's write the view ran into it is answered by ``FormWritesMiddleware``;
a failure outside the view (reading the session or the user before it,
saving the session after it) reaches Django's error handlers
(``views.server_error``, ``views.bad_request``), which answer through
``database_away_answer``."""

from __future__ import annotations

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme

from core.exception_handler import DATABASE_RETRY_AFTER, unavailable_body

#: The errors of a database that is away (the API's handler answers the same ones).
DATABASE_ERRORS = (OperationalError, InterfaceError)

#: Seconds a browser is told to wait before sending a form again when the
#: database failed its write (the API's ``DATABASE_RETRY_AFTER``).
FORM_RETRY_AFTER = DATABASE_RETRY_AFTER

#: Posted fields never written back into a page.
_SECRET_FIELDS = ("password", "secret", "token", "key")

#: The request attribute ``FormWritesMiddleware`` sets on a form's write.
IN_FORM_WRITE = "_alta_form_write"


def database_failed(exception: BaseException | None) -> bool:
    """Was ``exception`` the database's failure, or raised while handling
    one (Django's session turns a failed save into a 400 "session
    interrupted", whose cause is the database's error)?"""
    seen: set[int] = set()
    while exception is not None and id(exception) not in seen:
        if isinstance(exception, DATABASE_ERRORS):
            return True
        seen.add(id(exception))
        exception = exception.__cause__ or exception.__context__
    return False


def database_away_answer(request) -> HttpResponse:
    """The 503 for ``request``: the API's JSON ``unavailable`` under
    ``/api/``, ``not_saved`` for a form's write, ``unavailable`` else."""
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(unavailable_body(), status=503)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER)
        return response
    if getattr(request, IN_FORM_WRITE, False):
        return not_saved(request)
    return unavailable(request)


def unavailable(request) -> HttpResponse:
    """The 503 page of a request the database failed (a page read, a post
    that is no form's): try again in a moment, this page again for a GET."""
    again = request.get_full_path() if request.method in ("GET", "HEAD") else ""
    response = HttpResponse(render_to_string("503.html", {"again": again}), status=503)
    response["Retry-After"] = str(DATABASE_RETRY_AFTER)
    return response


def not_saved(request) -> HttpResponse:
    """The 503 page of a form whose write the database failed.  It makes
    no query (the database is what failed): the page is rendered without
    the request's context, its way back is the page the form was on
    (the Referer, when it is this site's), and it carries the posted
    fields (none that is secret, no file) to send the same form again."""
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        back = "/"
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        for value in values
        if not any(word in name.lower() for word in _SECRET_FIELDS) or name == "csrfmiddlewaretoken"
    ]
    context = {"back": back, "action": request.get_full_path(), "fields": [] if request.FILES else fields}
    response = HttpResponse(render_to_string("503_not_saved.html", context), status=503)
    response["Retry-After"] = str(FORM_RETRY_AFTER)
    return response
