"""URLs of the deadline pages (included from ``alta_site.urls``)."""

from django.urls import path

from . import views

urlpatterns = [
    path("profile/deadlines/", views.deadlines_settings, name="deadline-settings"),
    path("profile/deadlines/vacation/", views.vacation_start_view, name="vacation-start"),
    path("profile/deadlines/vacation/end/", views.vacation_end_view, name="vacation-end"),
    path(
        "profile/deadlines/calendar/reset/",
        views.calendar_reset_view,
        name="calendar-reset",
    ),
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar-feed"),
]
