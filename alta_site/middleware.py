"""Requests refused before any view or query sees them."""

from urllib.parse import unquote

from django.http import Http404, HttpResponsePermanentRedirect
from django.middleware import common
from django.utils.http import escape_leading_slashes

from . import views


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
