"""API URLs of tournaments and clubs; the site includes them under ``api/``."""

from django.urls import path

from .api import clubs, organiser, tournaments

urlpatterns = [
    path("tournaments/", tournaments.TournamentListApi.as_view(), name="api-tournaments"),
    path(
        "tournaments/<int:pk>/",
        tournaments.TournamentDetailApi.as_view(),
        name="api-tournament",
    ),
    path(
        "tournaments/<int:pk>/register/",
        tournaments.TournamentRegisterApi.as_view(),
        name="api-tournament-register",
    ),
    path(
        "tournaments/<int:pk>/unregister/",
        tournaments.TournamentUnregisterApi.as_view(),
        name="api-tournament-unregister",
    ),
    path(
        "tournaments/<int:pk>/withdraw/",
        tournaments.TournamentWithdrawApi.as_view(),
        name="api-tournament-withdraw",
    ),
    path(
        "tournaments/<int:pk>/start/",
        tournaments.TournamentStartApi.as_view(),
        name="api-tournament-start",
    ),
    path(
        "tournaments/<int:pk>/cancel/",
        tournaments.TournamentCancelApi.as_view(),
        name="api-tournament-cancel",
    ),
    path(
        "tournaments/<int:pk>/invitations/",
        tournaments.TournamentInviteApi.as_view(),
        name="api-tournament-invite",
    ),
    path(
        "tournaments/<int:pk>/seeding/",
        tournaments.TournamentSeedingApi.as_view(),
        name="api-tournament-seeding",
    ),
    path(
        "tournaments/<int:pk>/players/<int:participant>/replace/",
        tournaments.TournamentReplaceApi.as_view(),
        name="api-tournament-replace",
    ),
    path(
        "tournaments/<int:pk>/players/<int:participant>/disqualify/",
        tournaments.TournamentDisqualifyApi.as_view(),
        name="api-tournament-disqualify",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/extend/",
        tournaments.TournamentRoundExtendApi.as_view(),
        name="api-tournament-round-extend",
    ),
    path(
        "tournaments/games/<int:game>/result/",
        tournaments.TournamentGameResultApi.as_view(),
        name="api-tournament-game-result",
    ),
    path("tournaments/<int:pk>/pause/", organiser.TournamentPauseApi.as_view(), name="api-tournament-pause"),
    path("tournaments/<int:pk>/resume/", organiser.TournamentResumeApi.as_view(), name="api-tournament-resume"),
    path("tournaments/<int:pk>/message/", organiser.TournamentMessageApi.as_view(), name="api-tournament-message"),
    path("tournaments/<int:pk>/players/add/", organiser.TournamentAddLateApi.as_view(), name="api-tournament-add-late"),
    path("tournaments/<int:pk>/bye/", organiser.TournamentByeApi.as_view(), name="api-tournament-bye"),
    path(
        "tournaments/<int:pk>/bye/withdraw/",
        organiser.TournamentByeWithdrawApi.as_view(),
        name="api-tournament-bye-withdraw",
    ),
    path(
        "tournaments/<int:pk>/players/<int:participant>/reinstate/",
        organiser.TournamentReinstateApi.as_view(),
        name="api-tournament-reinstate",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pairing/",
        organiser.TournamentRoundPairingApi.as_view(),
        name="api-tournament-round-pairing",
    ),
    path("clubs/", clubs.ClubListApi.as_view(), name="api-clubs"),
    path("clubs/<int:pk>/", clubs.ClubDetailApi.as_view(), name="api-club"),
    path("clubs/<int:pk>/join/", clubs.ClubJoinApi.as_view(), name="api-club-join"),
    path("clubs/<int:pk>/leave/", clubs.ClubLeaveApi.as_view(), name="api-club-leave"),
    path(
        "clubs/<int:pk>/invitations/",
        clubs.ClubInviteApi.as_view(),
        name="api-club-invite",
    ),
    path(
        "clubs/<int:pk>/members/<int:user>/approve/",
        clubs.ClubApproveApi.as_view(),
        name="api-club-approve",
    ),
    path(
        "clubs/<int:pk>/members/<int:user>/remove/",
        clubs.ClubRemoveApi.as_view(),
        name="api-club-remove",
    ),
    path(
        "clubs/<int:pk>/members/<int:user>/promote/",
        clubs.ClubPromoteApi.as_view(),
        name="api-club-promote",
    ),
]
