from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("alta_site.accounts.urls")),
    path("dev/mailbox/", include("alta_site.devmail.urls")),
    path("api/", include("games.api.urls")),
    path("", include("games.urls")),
    path("", include("games.urls_deadlines")),
    path("", include("games.mail.urls")),
    path("api/", include("ratings.api_urls")),
    path("", include("ratings.urls")),
    path("api/", include("tournaments.api_urls")),
    path("", include("tournaments.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]


handler404 = views.not_found
