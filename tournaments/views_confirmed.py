"""The acts on a tournament that cannot be undone, each confirmed on a
page that names what follows before it is done: an organiser's result
set by hand, disqualification and cancellation, and a player's
withdrawal.  The first post shows that page (``_confirmed``, but for the
result's own form and page); its button posts again with the same fields
and ``confirm``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
from .models import Participant, Tournament, TournamentGame
from .services.organiser import plays_in
from .view_actions import act, form_act
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
    # Nothing to confirm for an organiser who plays in the game: the page says who sets it.
    if posted and "confirm" not in request.POST and not context["own_game"]:
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


@dataclass(frozen=True)
class Question:
    """What the confirmation page of an act says: its ``heading``, what
    follows (``warning``), the ``button`` that does it and the way
    ``back``."""

    heading: str
    warning: str
    button: str
    back: str


def _confirmed(
    request,
    pk: int,
    question: Callable[[Tournament], Question | None],
    action: Callable,
    success: str,
    form_class=None,
):
    """An act on tournament ``pk`` done once confirmed.  The first post
    (its ``form_class`` valid, when it has one) shows the page that asks
    ``question(tournament)``, the form's values kept, with a button that
    posts them again with ``confirm``; that post, or one for which
    ``question`` is None (nothing to confirm: the service does it or says
    why not), runs ``action`` as :func:`act` (with a form,
    :func:`form_act`) does."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = form_class(request.POST) if form_class is not None else None
    if "confirm" not in request.POST and (form is None or form.is_valid()):
        asked = question(tournament)
        if asked is not None:
            return render(request, "tournaments/confirm.html", {"tournament": tournament, "form": form, **vars(asked)})
    if form_class is None:
        return act(request, pk, action, success)
    return form_act(request, pk, form_class, action, success)


@form_post("tournament-detail")
@organiser_required
def participant_disqualify(request, pk: int, participant: int):
    """Disqualify (before the start: remove) a player; in a running
    tournament, once confirmed."""

    def question(tournament: Tournament) -> Question | None:
        player = tournament.participants.select_related("user").filter(pk=participant).first()
        # A player not found, already out or the organiser's opponent in a game
        # without a result: nothing to confirm, the service's refusal says why.
        if tournament.status != Tournament.Status.RUNNING or player is None or player.withdrawn:
            return None
        if player.pk in selectors.opponents_in_play(request.user, tournament):
            return None
        return Question(
            heading=_("Disqualify %(player)s?") % {"player": player.user},
            warning=_(
                "This cannot be undone: %(player)s cannot be let back in. Their unfinished games are lost by "
                "forfeit now (a table of more than two plays on without them), they are paired no more, and they "
                "are told by mail with your reason. Their results so far stay in the standings."
            )
            % {"player": player.user},
            button=_("Disqualify"),
            back=_("Keep the player in"),
        )

    return _confirmed(
        request,
        pk,
        question,
        lambda form: services.participant_disqualify(
            tournament_id=pk,
            participant_id=participant,
            by=request.user,
            reason=form.cleaned_data["reason"],
            now=timezone.now(),
        ),
        _("The player is out of the tournament."),
        ReasonForm,
    )


@form_post("tournament-detail")
@organiser_required
def tournament_cancel(request, pk: int):
    """Cancel the tournament, once confirmed."""

    def question(tournament: Tournament) -> Question | None:
        if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
            return None
        return Question(
            heading=_("Cancel %(tournament)s?") % {"tournament": tournament},
            warning=_(
                "This cannot be undone: no more games are paired, the games in play go on as ordinary games, "
                "and every player still in is told by mail with your reason."
            )
            if tournament.status == Tournament.Status.RUNNING
            else _(
                "This cannot be undone: the tournament will not start, and every registered player is told by "
                "mail with your reason."
            ),
            button=_("Cancel the tournament"),
            back=_("Keep the tournament"),
        )

    return _confirmed(
        request,
        pk,
        question,
        lambda form: services.tournament_cancel(
            tournament_id=pk, by=request.user, reason=form.cleaned_data["reason"], now=timezone.now()
        ),
        _("The tournament is cancelled."),
        ReasonForm,
    )


@form_post("tournament-detail")
@login_required
def tournament_withdraw(request, pk: int):
    """A player withdraws from a running tournament, once confirmed."""

    def question(tournament: Tournament) -> Question | None:
        playing = tournament.participants.filter(user=request.user, status=Participant.Status.REGISTERED).exists()
        if not playing or tournament.status != Tournament.Status.RUNNING:
            return None
        return Question(
            heading=_("Withdraw from %(tournament)s?") % {"tournament": tournament},
            warning=_(
                "Your unfinished games are lost by forfeit now (a table of more than two plays on without you), "
                "and you are paired no more; your results so far stay in the standings. Only an organiser can let "
                "you back in, from the next round, and the forfeited games stay lost."
            ),
            button=_("Withdraw (forfeit my remaining games)"),
            back=_("Keep playing"),
        )

    return _confirmed(
        request,
        pk,
        question,
        lambda: services.participant_withdraw(tournament_id=pk, user=request.user, now=timezone.now()),
        _("You withdrew; your remaining games are forfeited."),
    )
