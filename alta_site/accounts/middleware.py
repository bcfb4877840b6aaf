"""Activate the signed-in user's time zone and language for each request."""

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            timezone.activate(user.zone)
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        else:
            timezone.deactivate()
        return self.get_response(request)
