from django.urls import path

from . import views

urlpatterns = [
    path("", views.mailbox, name="devmail-mailbox"),
    path("<int:pk>/", views.message_detail, name="devmail-message"),
    path("<int:pk>/html/", views.message_html, name="devmail-message-html"),
]
