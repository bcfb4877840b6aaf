"""API URLs of the accounts app (included under ``api/``)."""

from django.urls import path

from . import api

urlpatterns = [
    path("me/", api.MeApi.as_view(), name="api-me"),
    path("me/export/", api.MeExportApi.as_view(), name="api-me-export"),
]
