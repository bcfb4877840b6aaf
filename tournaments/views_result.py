"""The organiser's two acts that cannot be undone, each confirmed on a
page that names what follows before it is done: a result set by hand and
a disqualification.  The first post shows that page; its "confirm"
button posts again with the same fields and ``confirm``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.actions import form_post
from games.services import GameActionError

from . import selectors, services
from .forms import ReasonForm, ResultForm
from .models import Tournament, TournamentGame
from .services.organiser import plays_in
from .view_actions import form_act
from .views_organiser import organiser_required


@login_required
def game_result(request, game: int):
    """The organiser's form to decide a game by hand, then the page that
    confirms it.  An organiser who plays in the game reads who sets it
    instead (``services.organiser.require_not_playing``)."""
    tournament_game = get_object_or_404(TournamentGame.objects.select_related("tournament", "round", "match"), pk=game)
    tournament = tournament_game.tournament
    if not selectors.can_manage(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers can do that."))
    players = sorted(
        tournament.participants.filter(pk__in=tournament_game.players).select_related("user"),
        key=lambda p: tournament_game.players.index(p.pk),
    )
    form = ResultForm(request.POST or None, players=players)
    context = {
        "game": tournament_game,
        "tournament": tournament,
        "form": form,
        "own_game": plays_in(request.user, tournament, tournament_game),
    }
    posted = request.method == "POST" and form.is_valid() and "change" not in request.POST
    if posted and "confirm" not in request.POST:
        names = {p.pk: p for p in players}
        context["places"] = [[names[pid] for pid in group] for group in form.ranking()]
        context["absent"] = [names[pid] for pid in form.forfeited()]
        return render(request, "tournaments/result_confirm.html", context)
    if posted:
        try:
            services.game_result_set(
                game_id=game,
                ranking=form.ranking(),
                forfeited=form.forfeited(),
                reason=form.cleaned_data["reason"],
                by=request.user,
                now=timezone.now(),
            )
        except GameActionError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The result of %(game)s is set.") % {"game": tournament_game.key})
            return redirect(tournament)
    return render(request, "tournaments/result.html", context)


@form_post("tournament-detail")
@organiser_required
def participant_disqualify(request, pk: int, participant: int):
    """Disqualify (before the start: remove) a player; in a running
    tournament, once confirmed on a page that says what it does."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = ReasonForm(request.POST)
    running = tournament.status == Tournament.Status.RUNNING
    player = tournament.participants.select_related("user").filter(pk=participant).first()
    # A player not found or already out: the service's refusal says so.
    if running and player is not None and not player.withdrawn and form.is_valid() and "confirm" not in request.POST:
        return render(
            request,
            "tournaments/disqualify_confirm.html",
            {"tournament": tournament, "participant": player, "form": form},
        )
    return form_act(
        request,
        pk,
        ReasonForm,
        lambda form: services.participant_disqualify(
            tournament_id=pk,
            participant_id=participant,
            by=request.user,
            reason=form.cleaned_data["reason"],
            now=timezone.now(),
        ),
        _("The player is out of the tournament."),
    )
