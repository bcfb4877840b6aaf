from django.urls import path

from . import views, views_data, views_signin

urlpatterns = [
    path("sign-in/<str:uidb64>/<str:token>/", views_signin.mail_sign_in, name="mail-sign-in"),
    path("profile/", views.profile, name="profile"),
    path("profile/tokens/", views.token_create, name="token-create"),
    path("profile/email-bounces/clear/", views.email_bounces_clear, name="email-bounces-clear"),
    path("profile/tokens/<int:pk>/revoke/", views.token_revoke, name="token-revoke"),
    path("profile/export/", views_data.data_export, name="data-export"),
    path("profile/close/", views_data.account_close_view, name="account-close"),
    path("profile/close/link/", views_data.account_close_link_send, name="account-close-link-send"),
    path("profile/close/<str:token>/", views_data.account_close_link, name="account-close-link"),
]
