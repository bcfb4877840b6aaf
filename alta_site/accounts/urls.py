from django.urls import path

from . import views

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/tokens/", views.token_create, name="token-create"),
    path("profile/tokens/<int:pk>/revoke/", views.token_revoke, name="token-revoke"),
]
