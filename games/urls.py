from django.urls import path

from . import views, views_chat, views_invite, views_verify

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("games/", views.my_games, name="my_games"),
    path("games/new/", views.match_new, name="game-new"),
    path("games/<int:pk>/", views.match_detail, name="game-detail"),
    path("games/<int:pk>/poll/", views.match_poll, name="game-poll"),
    path("games/<int:pk>/join/", views.match_join, name="game-join"),
    path("games/<int:pk>/leave/", views.match_leave, name="game-leave"),
    path("games/<int:pk>/cancel/", views.match_cancel, name="game-cancel"),
    path("games/<int:pk>/invite/", views_invite.seat_invite, name="game-invite"),
    path(
        "games/<int:pk>/invitations/<int:seat_id>/take-back/",
        views_invite.seat_invitation_take_back,
        name="game-invitation-take-back",
    ),
    path("games/<int:pk>/resign/", views.match_resign, name="game-resign"),
    path("games/<int:pk>/rematch/", views.match_rematch, name="game-rematch"),
    path("games/<int:pk>/move/", views.match_move, name="game-move"),
    path("games/<int:pk>/chat/", views_chat.match_chat, name="game-chat"),
    path("games/<int:pk>/chat/mute/", views_chat.match_chat_mute, name="game-chat-mute"),
    path("games/<int:pk>/replay/", views.match_replay, name="game-replay"),
    path("games/<int:pk>/verify/", views_verify.match_verify_page, name="game-verify"),
    path("rules/<slug:slug>/", views.game_help, name="game-help"),
    path("invitations/<str:token>/", views.invitation, name="game-invitation"),
]
