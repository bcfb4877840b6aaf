from django.urls import include, path

from . import views

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="mail-unsubscribe"),
    path("mail/inbound/", include("anymail.urls")),
]
