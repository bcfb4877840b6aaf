from django.urls import path

from . import views, views_clubs, views_confirmed, views_organiser

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament-detail"),
    path(
        "tournaments/<int:pk>/register/",
        views.tournament_register,
        name="tournament-register",
    ),
    path(
        "tournaments/<int:pk>/unregister/",
        views.tournament_unregister,
        name="tournament-unregister",
    ),
    path(
        "tournaments/<int:pk>/withdraw/",
        views_confirmed.tournament_withdraw,
        name="tournament-withdraw",
    ),
    path("tournaments/<int:pk>/start/", views.tournament_start, name="tournament-start"),
    path(
        "tournaments/<int:pk>/cancel/",
        views_confirmed.tournament_cancel,
        name="tournament-cancel",
    ),
    path(
        "tournaments/<int:pk>/invite/",
        views.tournament_invite,
        name="tournament-invite",
    ),
    path(
        "tournaments/<int:pk>/seeding/",
        views.tournament_seeding,
        name="tournament-seeding",
    ),
    path(
        "tournaments/<int:pk>/players/<int:participant>/replace/",
        views.participant_replace,
        name="tournament-replace",
    ),
    path(
        "tournaments/<int:pk>/players/<int:participant>/reinstate/",
        views.participant_reinstate,
        name="tournament-reinstate",
    ),
    path(
        "tournaments/<int:pk>/players/<int:participant>/disqualify/",
        views_confirmed.participant_disqualify,
        name="tournament-disqualify",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/extend/",
        views.round_extend,
        name="tournament-round-extend",
    ),
    path(
        "tournaments/games/<int:game>/result/",
        views_confirmed.game_result,
        name="tournament-game-result",
    ),
    path("tournaments/<int:pk>/pause/", views_organiser.tournament_pause, name="tournament-pause"),
    path("tournaments/<int:pk>/resume/", views_organiser.tournament_resume, name="tournament-resume"),
    path("tournaments/<int:pk>/message/", views_organiser.players_message, name="tournament-message"),
    path("tournaments/<int:pk>/players/add/", views_organiser.participant_add_late, name="tournament-add-late"),
    path(
        "tournaments/<int:pk>/email-invitations/<int:invitation>/take-back/",
        views_organiser.email_invitation_take_back,
        name="tournament-email-invitation-take-back",
    ),
    path("tournaments/<int:pk>/standings.csv", views_organiser.standings_csv, name="tournament-standings-csv"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pairing/",
        views_organiser.round_pairing,
        name="tournament-round-pairing",
    ),
    path("tournaments/<int:pk>/bye/", views_organiser.bye_request, name="tournament-bye"),
    path("tournaments/<int:pk>/bye/withdraw/", views_organiser.bye_withdraw, name="tournament-bye-withdraw"),
    path(
        "tournaments/invitations/<str:token>/",
        views.tournament_email_invitation,
        name="tournament-email-invitation",
    ),
    path("clubs/", views_clubs.club_list, name="clubs"),
    path("clubs/new/", views_clubs.club_new, name="club-new"),
    path("clubs/<int:pk>/", views_clubs.club_detail, name="club-detail"),
    path("clubs/<int:pk>/join/", views_clubs.club_join, name="club-join"),
    path("clubs/<int:pk>/leave/", views_clubs.club_leave, name="club-leave"),
    path("clubs/<int:pk>/invite/", views_clubs.club_invite, name="club-invite"),
    path("clubs/invitations/<str:token>/", views_clubs.club_email_invitation, name="club-email-invitation"),
    path(
        "clubs/<int:pk>/invitations/<int:invitation>/take-back/",
        views_clubs.club_email_invitation_take_back,
        name="club-email-invitation-take-back",
    ),
    path(
        "clubs/<int:pk>/members/<int:user>/approve/",
        views_clubs.club_approve,
        name="club-approve",
    ),
    path(
        "clubs/<int:pk>/members/<int:user>/remove/",
        views_clubs.club_remove,
        name="club-remove",
    ),
    path(
        "clubs/<int:pk>/members/<int:user>/promote/",
        views_clubs.club_promote,
        name="club-promote",
    ),
]
