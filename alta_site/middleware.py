"""Requests refused before any view or query sees them, and forms' writes
answered before their commit."""

import logging
from urllib.parse import unquote

from django.db import transaction
from django.http import Http404, HttpResponsePermanentRedirect
from django.middleware import common
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.http import escape_leading_slashes

from . import views
from .database_away import DATABASE_ERRORS, IN_FORM_WRITE, not_saved

logger = logging.getLogger(__name__)


class NulBytesNotFoundMiddleware:
    """A NUL byte in the path or the query string answers 404 (JSON under
    ``/api/``, as any 404 there): no URL of ours holds one, and PostgreSQL
    refuses it in a text parameter, so a view would fail with a 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or "\x00" in unquote(request.META.get("QUERY_STRING", "")):
            return views.not_found(request, Http404())
        return self.get_response(request)


class MethodNotAllowedPageMiddleware:
    """A page asked with a method it does not take (a POST to a page that
    only shows, a PUT) answers 405 with a page in the reader's language
    saying so, not Django's empty body; the ``Allow`` header is kept.  The
    API answers its own 405 in JSON."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or response.content or request.path.startswith("/api/"):
            return response
        page = render(request, "405.html", status=405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page


class PermanentRedirectKeepingMethod(HttpResponsePermanentRedirect):
    """308: permanent, and the client repeats the same method with the same body."""

    status_code = 308


class CommonMiddleware(common.CommonMiddleware):
    """Django's, except that a path missing its final slash is answered
    with a 308 instead of a 301: after a 301 clients send a POST again as
    a GET without its body (and under DEBUG Django refuses with an error
    page), while API scripts often leave the slash off."""

    response_redirect_class = PermanentRedirectKeepingMethod

    def get_full_path_with_slash(self, request) -> str:
        # Django's refuses a POST under DEBUG because its 301 would drop the body; a 308 keeps it.
        return escape_leading_slashes(request.get_full_path(force_append_slash=True))


class FormWritesMiddleware:
    """A form posted to a page (not the API, not a webhook: every view
    that checks CSRF) runs in one transaction with its answer, as the
    API's writes do (``core.api.AnsweredBeforeCommit``): its write, the
    session and the page it answers with are done before the commit, so a
    database that goes away after the commit cannot turn a done write into
    an error page.  A database that fails during the write (gone away, a
    lock timeout, a serialization failure), or at the commit, rolls it all
    back and is answered with a 503 in the reader's language that says
    nothing was saved, links back to the page the form was on and can send
    the same form again (its own key makes a repeat do it once).  So is a
    database that fails outside the view (reading the session or the user
    before it, saving the session after it): Django's error handlers
    answer that (``database_away``), and the 503 rolls the rest back.

    Placed before the session middleware, so that the session is saved
    inside the transaction."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("GET", "HEAD", "OPTIONS", "TRACE") or not _checks_csrf(request):
            return self.get_response(request)
        try:
            with transaction.atomic():
                response = self.get_response(request)
                if response.status_code >= 500:  # an error page: nothing of the request is kept
                    transaction.set_rollback(True)
        except DATABASE_ERRORS:  # the commit failed: rolled back
            logger.exception("Form write failed at the commit: database unavailable")
            return not_saved(request)
        if getattr(request, _DATABASE_FAILED, False) and response.status_code != 503:
            return not_saved(request)  # the session could not be saved after it either
        return response

    def process_exception(self, request, exception):
        if isinstance(exception, DATABASE_ERRORS) and getattr(request, IN_FORM_WRITE, False):
            logger.exception("Form write failed: database unavailable")
            setattr(request, _DATABASE_FAILED, True)
            return not_saved(request)
        return None


#: Request attribute: the database failed a form's write (``FormWritesMiddleware``).
_DATABASE_FAILED = "_alta_form_write_failed"


def _checks_csrf(request) -> bool:
    """Whether ``request`` goes to a page view that checks CSRF (what a
    browser's form posts to); marks the request so.  The API is not
    resolved twice: its writes keep their own transaction."""
    if request.path_info.startswith("/api/"):
        return False
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        return False
    checks = not getattr(view, "csrf_exempt", False)
    setattr(request, IN_FORM_WRITE, checks)
    return checks
