from django.urls import path

from . import audit, chat, views

urlpatterns = [
    path("games/", views.GameListApi.as_view(), name="api-games"),
    path("games/<int:pk>/", views.GameDetailApi.as_view(), name="api-game"),
    path("games/<int:pk>/join/", views.GameJoinApi.as_view(), name="api-game-join"),
    path("games/<int:pk>/leave/", views.GameLeaveApi.as_view(), name="api-game-leave"),
    path("games/<int:pk>/cancel/", views.GameCancelApi.as_view(), name="api-game-cancel"),
    path("games/<int:pk>/invitations/", views.GameInviteApi.as_view(), name="api-game-invite"),
    path(
        "games/<int:pk>/invitations/take-back/",
        views.GameInvitationTakeBackApi.as_view(),
        name="api-game-invitation-take-back",
    ),
    path("games/<int:pk>/resign/", views.GameResignApi.as_view(), name="api-game-resign"),
    path("games/<int:pk>/rematch/", views.GameRematchApi.as_view(), name="api-game-rematch"),
    path("games/<int:pk>/legal-moves/", views.LegalMovesApi.as_view(), name="api-game-legal-moves"),
    path("games/<int:pk>/moves/", views.MovesApi.as_view(), name="api-game-moves"),
    path("games/<int:pk>/replay/", views.ReplayApi.as_view(), name="api-game-replay"),
    path("games/<int:pk>/chat/", chat.GameChatApi.as_view(), name="api-game-chat"),
    path("games/<int:pk>/audit/", audit.GameAuditApi.as_view(), name="api-game-audit"),
    path("invitations/<str:token>/accept/", views.InvitationAcceptApi.as_view(), name="api-invitation-accept"),
    path("invitations/<str:token>/decline/", views.InvitationDeclineApi.as_view(), name="api-invitation-decline"),
    path("me/games/", views.MyGamesApi.as_view(), name="api-my-games"),
    path("me/invitations/", views.MyInvitationsApi.as_view(), name="api-my-invitations"),
]
