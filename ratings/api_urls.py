"""API URLs of ratings and ladders; the site includes them under ``api/``."""

from django.urls import path

from .api import views

urlpatterns = [
    path("ladders/", views.LadderListApi.as_view(), name="api-ladders"),
    path(
        "ladders/<int:pk>/ranking/",
        views.LadderRankingApi.as_view(),
        name="api-ladder-ranking",
    ),
    path("ladders/<int:pk>/join/", views.LadderJoinApi.as_view(), name="api-ladder-join"),
    path(
        "ladders/<int:pk>/leave/",
        views.LadderLeaveApi.as_view(),
        name="api-ladder-leave",
    ),
    path(
        "ladders/<int:pk>/capacity/",
        views.LadderCapacityApi.as_view(),
        name="api-ladder-capacity",
    ),
    path(
        "ladders/<int:pk>/challenges/",
        views.ChallengeCreateApi.as_view(),
        name="api-ladder-challenge",
    ),
    path(
        "challenges/<int:pk>/accept/",
        views.ChallengeAcceptApi.as_view(),
        name="api-challenge-accept",
    ),
    path(
        "challenges/<int:pk>/decline/",
        views.ChallengeDeclineApi.as_view(),
        name="api-challenge-decline",
    ),
    path(
        "challenges/<int:pk>/take-back/",
        views.ChallengeTakeBackApi.as_view(),
        name="api-challenge-take-back",
    ),
    path("me/ratings/", views.MyRatingsApi.as_view(), name="api-my-ratings"),
    path("me/challenges/", views.MyChallengesApi.as_view(), name="api-my-challenges"),
    path("players/<str:who>/ratings/", views.PlayerRatingsApi.as_view(), name="api-player-ratings"),
]
