"""Requests refused before any view or query sees them, and forms' writes
answered before their commit."""

import logging
from urllib.parse import unquote

from django.db import InterfaceError, OperationalError, transaction
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.middleware import common
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils.http import escape_leading_slashes, url_has_allowed_host_and_scheme

from core.exception_handler import DATABASE_RETRY_AFTER

from . import views

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


#: Seconds a browser is told to wait before sending a form again when the
#: database failed its write (the API's ``DATABASE_RETRY_AFTER``).
FORM_RETRY_AFTER = DATABASE_RETRY_AFTER

#: Posted fields never written back into a page.
_SECRET_FIELDS = ("password", "secret", "token", "key")


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
    the same form again (its own key makes a repeat do it once).

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
        except (OperationalError, InterfaceError):  # the commit failed: rolled back
            logger.exception("Form write failed at the commit: database unavailable")
            return not_saved(request)
        if getattr(request, _DATABASE_FAILED, False) and response.status_code != 503:
            return not_saved(request)  # the session could not be saved after it either
        return response

    def process_exception(self, request, exception):
        if isinstance(exception, OperationalError | InterfaceError) and getattr(request, _IN_FORM_WRITE, False):
            logger.exception("Form write failed: database unavailable")
            setattr(request, _DATABASE_FAILED, True)
            return not_saved(request)
        return None


#: Request attributes: it is a form's write (``FormWritesMiddleware``), and the database failed it.
_IN_FORM_WRITE = "_alta_form_write"
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
    setattr(request, _IN_FORM_WRITE, checks)
    return checks


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
