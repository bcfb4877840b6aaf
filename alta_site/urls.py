import base64
import hashlib

from allauth.account import views as account_views
from allauth.account.decorators import secure_admin_login
from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import health, views
from .accounts.views_reset import confirm_email, password_reset_from_key

# The split view serves Swagger UI's start-up script as a file (no inline
# script); the UI itself brings a <style> element and sets inline styles.
api_docs = csp_update({"style-src": [UNSAFE_INLINE], "style-src-elem": [UNSAFE_INLINE]})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)


def _style_hash(value: str) -> str:
    """The CSP source that allows exactly this style attribute value."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(value.encode()).digest()).decode() + "'"


# The admin's own login form checks passwords with no rate limit: it sends
# everyone to the site's login (allauth's, with its login_failed limits).
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

# allauth's email page hides a form with style="display: none": that one
# attribute value (by its hash) is allowed there, no other inline style, and
# on no other page.
account_email = csp_update({"style-src-attr": ["'unsafe-hashes'", _style_hash("display: none")]})(account_views.email)

urlpatterns = [
    # The game API first: its requests (a move every few seconds per client)
    # are resolved without trying the pages' patterns.  No pattern below
    # matches a path under api/games/ or api/invitations/.
    path("api/", include("games.api.urls")),
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("privacy/", views.privacy, name="privacy"),
    path("players/<str:who>/", views.player, name="player"),
    path("admin/", admin.site.urls),
    path("accounts/email/", account_email, name="account_email"),
    # allauth's patterns, their pages in the language of the account the mailed link is for.
    re_path(
        r"^accounts/password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$",
        password_reset_from_key,
        name="account_reset_password_from_key",
    ),
    re_path(r"^accounts/confirm-email/(?P<key>[-:\w]+)/$", confirm_email, name="account_confirm_email"),
    path("accounts/", include("allauth.urls")),
    path("", include("alta_site.accounts.urls")),
    path("dev/mailbox/", include("alta_site.devmail.urls")),
    path("api/", include("alta_site.accounts.api_urls")),
    path("", include("games.urls")),
    path("", include("games.deadlines.urls")),
    path("", include("mail.urls")),
    path("api/", include("ratings.api_urls")),
    path("", include("ratings.urls")),
    path("api/", include("tournaments.api_urls")),
    path("", include("tournaments.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
]


handler400 = views.bad_request
handler404 = views.not_found
handler500 = views.server_error
