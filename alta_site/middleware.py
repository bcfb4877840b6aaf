"""Requests refused before any view or query sees them."""

from urllib.parse import unquote

from django.http import Http404

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
