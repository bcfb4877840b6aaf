from django.urls import path

from . import views

urlpatterns = [
    path("ladders/", views.ladder_list, name="ladders"),
    path("ladders/<int:pk>/", views.ladder_detail, name="ladder-detail"),
    path("ladders/<int:pk>/join/", views.ladder_join, name="ladder-join"),
    path("ladders/<int:pk>/leave/", views.ladder_leave, name="ladder-leave"),
    path("ladders/<int:pk>/capacity/", views.ladder_capacity, name="ladder-capacity"),
    path("ladders/<int:pk>/challenge/", views.ladder_challenge, name="ladder-challenge"),
    path("challenges/<int:pk>/accept/", views.challenge_accept, name="challenge-accept"),
    path(
        "challenges/<int:pk>/decline/",
        views.challenge_decline,
        name="challenge-decline",
    ),
    path("challenges/<int:pk>/take-back/", views.challenge_take_back, name="challenge-take-back"),
    path("players/<str:who>/ratings/", views.player_ratings, name="player-ratings"),
]
