from django.urls import path, re_path

from . import views

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="mail-unsubscribe"),
    # Only the providers in ``views.INBOUND_PROVIDERS`` exist, and each
    # answers 404 until it is configured with its secrets.
    re_path(
        r"^mail/inbound/(?P<provider>[a-z_]+)/inbound(?:_mime)?/$", views.provider_inbound, name="mail-provider-inbound"
    ),
]
