from django.urls import path, re_path

from . import views

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="mail-unsubscribe"),
    # Only the providers in ``views.INBOUND_PROVIDERS`` exist, and each
    # answers 404 until it is configured with its secrets.
    re_path(
        r"^mail/inbound/(?P<provider>[a-z_]+)/inbound(?:_mime)?/$", views.provider_inbound, name="mail-provider-inbound"
    ),
    # The providers' delivery events (a bounce the provider got for us):
    # ``views.TRACKING_PROVIDERS``, 404 until configured as above.
    re_path(r"^mail/events/(?P<provider>[a-z_]+)/tracking/$", views.provider_tracking, name="mail-provider-tracking"),
]
