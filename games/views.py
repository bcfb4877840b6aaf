"""The game pages: lobby, my games, create, play, replay, invitations."""

from __future__ import annotations

import json
import re
import secrets
from functools import partial

import markdown
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from core.actions import action_redirect, form_post, redirect_back
from core.errors import KeyReused
from core.throttling import form_write_allowed
from games import selectors, services
from games.boards import board_for
from games.breakdown import breakdown_lines, departure_lines, reveal_lines, tie_lines
from games.deadlines.selectors import seat_clocks
from games.engine import Event, Termination, get_rules
from games.forms import MOVE_MAX_LENGTH, MatchCreateForm, MoveForm
from games.history_words import history_in_words
from games.i18n import event_text, expect_text, move_words, not_played_lines
from games.lobby import LOBBY_LIMIT, LobbyFilterForm, matches_to_watch
from games.models import Match, MoveRecord, Seat
from games.organised import event_context, rematch_allowed
from games.panels import panels_for
from games.selectors_chat import chat_for, chat_latest_shown, chat_muted
from games.selectors_turns import last_turns
from games.services.idempotency import request_fingerprint
from games.timing.clock import stopped_times_left
from games.views_chat import ChatForm


def _match(pk: int) -> Match:
    return get_object_or_404(Match.objects.select_related("created_by").prefetch_related("seats__user"), pk=pk)


def _names(match: Match) -> list[str]:
    seats = sorted((s for s in match.seats.all() if s.index is not None), key=lambda s: s.drawn_index)
    return [str(s.user) for s in seats]


def lobby(request):
    """Open games to join and running games to watch, both narrowed by the
    filters; a player's own games and invitations above them."""
    filters = LobbyFilterForm(request.GET)
    context = {
        "filters": filters,
        "open_matches": filters.filter(selectors.matches_open(exclude_user=request.user))[:LOBBY_LIMIT],
        "watch_matches": filters.filter(matches_to_watch(exclude_user=request.user))[:LOBBY_LIMIT],
    }
    if request.user.is_authenticated:
        context["my_matches"] = selectors.matches_for_user(request.user).exclude(
            status__in=[Match.Status.FINISHED, Match.Status.CANCELLED]
        )[:50]
        context["invitations"] = selectors.invitations_for(request.user)
    return render(request, "games/lobby.html", context)


#: Rows on each page of My games.
MY_GAMES_PER_PAGE = 50


@login_required
def my_games(request):
    status = request.GET.get("status") or None
    if status not in (None, *Match.Status.values):
        status = None
    # A page number past the end (or no number) gives the last (first) page.
    page = Paginator(selectors.matches_for_user(request.user, status=status), MY_GAMES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "matches": page.object_list,
        "page": page,
        "keep": urlencode({"status": status}) if status else "",
        "status": status,
        "statuses": Match.Status.choices,
    }
    return render(request, "games/my_games.html", context)


#: How long the new-game form's mark (``once``) remembers the game it made (seconds).
ONCE_SECONDS = 24 * 3600


def _once_key(user, once: str) -> str:
    return f"game-new-once:{user.pk}:{once}"


#: A mark the new-game page makes (``secrets.token_urlsafe``).
_ONCE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _posted_once(request) -> str:
    """The form's mark, or "" for one the page never makes (a NUL, which
    PostgreSQL refuses in the game's key, a space, a long text): no mark."""
    once = request.POST.get("once", "")
    return once if _ONCE.fullmatch(once) else ""


@login_required
def match_new(request):
    # ``?game=alta`` (the home page's "Start a game") preselects the game.
    form = MatchCreateForm(request.POST or None, initial={"game": request.GET.get("game")})
    # Each form page carries a mark of its own: the same form sent twice (a
    # double click, Back and send again) makes one game, and the second
    # sending leads to it.  A form without one (a script) is not checked.
    once = _posted_once(request) if request.method == "POST" else secrets.token_urlsafe(16)
    context = {"form": form, "once": once}
    if request.method == "POST" and form.is_valid():
        key = _once_key(request.user, once)
        if once and not cache.add(key, 0, ONCE_SECONDS):
            made = cache.get(key)  # 0 while the first sending is still making it
            found = Match.objects.filter(pk=made).first() if made else None
            if found is not None or not made:
                return redirect(found or "my_games")
            # Its game was never committed (the database failed at the
            # commit, after this view): make it now.  Should that sending
            # still be committing, the game's own key (below) finds its game.
            cache.set(key, 0, ONCE_SECONDS)
        # The API's per-user write limit: the form is no way around it.
        if not form_write_allowed(request):
            cache.delete(key)
            form.add_error(None, _("You are starting games too fast. Wait a minute, then try again."))
            return render(request, "games/new.html", context)
        try:
            match = services.match_create(
                creator=request.user,
                now=timezone.now(),
                # Kept with the game too: a form sent again after a failure
                # the mark was dropped for finds the game if it was made.
                idempotency_key=f"web:{once}" if once else None,
                **form.cleaned_data,
            )
        except services.GameActionError as error:
            cache.delete(key)
            form.add_error(None, error.message)
        except Exception:
            # Not made as far as we know (the database away, say): the same
            # form sent again must try again, not lead to "my games".
            cache.delete(key)
            raise
        else:
            if once:
                cache.set(key, match.pk, ONCE_SECONDS)
            messages.success(request, _("Your game is waiting for players."))
            return redirect(match)
    return render(request, "games/new.html", context)


def match_detail(request, pk: int):
    match = _match(pk)
    seen = selectors.match_view_for(match, request.user, with_options=False)
    seats = sorted(match.seats.all(), key=lambda s: s.table_order())
    # Each seat with its clock: deadline, Fischer bank, "on vacation until …".
    clocks = seat_clocks(match, seats, now=timezone.now(), stopped=stopped_times_left(match, seats))
    context = {"match": match, "seen": seen, "seat_clocks": clocks}
    if match.is_open and request.user.is_authenticated and request.user.pk == match.created_by_id:
        context["invite_possible"] = any(seat.is_free for seat in seats)  # the creator's invitation form
    event = event_context(match)  # a tournament's game names it; a casual one asks nothing
    if event is not None:
        context["event_line"], context["event_url"] = event.line(), event.url
    if seen.view is not None:
        rules = get_rules(match.game)
        board = board_for(match.game)
        # The last move outlined on the board; each seat's last turn in words beside its name.
        turns = last_turns(match, seen.seat_index)
        latest = max(turns.values(), key=lambda turn: turn.ply, default=None)
        context["board"] = board.svg(seen.view, _names(match), last=(latest.before, latest.after) if latest else None)
        for seat in seats:
            turn = turns.get(seat.index) if seat.index is not None else None
            seat.last_turn = board.turn_summary(turn.before, turn.after, seat.index, steps=turn.steps) if turn else ""
        history = selectors.match_history(match, seen.seat_index, with_start=True)
        context["history"] = history_in_words(match.game, history, board)
        if seen.to_move and seen.seat_index is not None:
            state = rules.load(match.started_state)
            options = [
                (move_words(match.game, text), rules.dump_move(move))
                for text, move in rules.move_options(state, seen.seat_index)
            ]
            controls = board.controls(seen.view, options)
            context["controls_json"] = json.dumps(controls)
            context["buttons"] = [c for c in controls if not c["pick"] and not c["target"]]
            draft = request.session.pop(_draft_key(pk), None) or {}
            move_form = MoveForm(initial={"ply": match.ply, "move": draft.get("move", "")})
            context["move_form"] = move_form
            if draft.get("error"):
                context["move_error"] = draft["error"]
                attrs = move_form.fields["move"].widget.attrs
                attrs.update({"aria-invalid": "true", "aria-describedby": "move-error"})
            prompt = getattr(board, "prompt", None)
            context["expect"] = prompt(seen.view) if prompt else expect_text(match.game, seen.view)
    if match.is_finished:
        results = _results(match)
        context["results"] = results
        # A game that reveals nothing at the end (Atlantis) shows no empty "Revealed" column.
        context["results_revealed"] = any(row["revealed"] for row in results)
        placed = list(match.seats.all())
        details = (match.outcome or {}).get("details") or []
        context["ties"] = [*tie_lines(match.game, placed, details), *departure_lines(placed)]
        # A tournament's game has no rematch (its tournament pairs the games).
        if seen.seat is not None and rematch_allowed(match):
            context["rematch"] = selectors.rematch_of(match)
            context["rematch_possible"] = True
    context.update(_chat(match, request.user))
    context["panels"], context["panel_stylesheets"] = panels_for(match)  # from other apps
    return render(request, "games/detail.html", context)


def _chat(match: Match, user) -> dict:
    """The chat panel's context: only for a seated player (``None`` hides it)."""
    lines = chat_for(match, user)
    if lines is None:
        return {"chat": None, "chat_shown_through": None}
    muted = chat_muted(match, user)
    after = lines[-1].pk if lines else 0
    return {
        "chat": [] if muted else lines,
        "chat_muted": muted,
        "chat_form": ChatForm(opponents=match.opponent_count),
        # The latest line when the page was made: it tells a form sent twice
        # from a new message (``views_chat._chat_key``).
        "chat_after": after,
        # What the poll's ``chat`` is compared with (``chat_latest_shown``).
        "chat_shown_through": None if muted else after,
    }


def _results(match: Match) -> list[dict]:
    """Each seat by place with the lines of its reveal (``games.breakdown``)."""
    rules = get_rules(match.game)
    reveal = rules.reveal(rules.load(match.state)) if match.state is not None else None
    details = (match.outcome or {}).get("details") or []
    rows = []
    for seat in sorted(match.seats.all(), key=lambda s: (s.place or 99, s.index)):
        index = seat.drawn_index
        if reveal is not None and index < len(reveal):
            lines = reveal_lines(reveal[index], match.game)
        else:  # no state to reveal from: the stored breakdown alone
            detail = details[index] if index < len(details) else {}
            lines = {"revealed": [], "breakdown": breakdown_lines(detail, match.game)}
        rows.append({"seat": seat, **lines})
    return rows


def match_poll(request, pk: int):
    """The current ply and status, for pages waiting on another player; and
    for a reader the page shows the chat, ``chat``: its latest message's id,
    so that a new line shows too.  Never for anyone else: it would tell a
    spectator when the players talk."""
    match = get_object_or_404(Match.objects.only("ply", "status"), pk=pk)
    answer = {"ply": match.ply, "status": match.status}
    latest = chat_latest_shown(match, request.user)
    if latest is not None:
        answer["chat"] = latest
    return JsonResponse(answer)


_act = partial(action_redirect, to="game-detail")


@form_post("game-detail")
@login_required
def match_join(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.match_join(match_id=pk, user=request.user, now=timezone.now()),
        _("You joined the game."),
    )


@form_post("game-detail")
@login_required
def match_leave(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.match_leave(match_id=pk, user=request.user, now=timezone.now()),
        _("You left the game."),
    )


@form_post("game-detail")
@login_required
def match_cancel(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.match_cancel(match_id=pk, user=request.user, now=timezone.now()),
        _("The game was cancelled."),
    )


@form_post("game-detail")
@login_required
def match_resign(request, pk: int):
    return _act(request, pk, lambda: _resign(request, pk), _("You resigned."))


def _resign(request, pk: int) -> None:
    """Resign the player's seat.  The form sent again (a double click past
    the confirmation, the browser sending it again after a lost answer)
    finds the seat already resigned: done, not refused.

    :raises GameActionError: as ``match_resign``, when the seat was not resigned."""
    try:
        services.match_resign(match_id=pk, user=request.user, now=timezone.now(), source=MoveRecord.Source.WEB)
    except services.NotFound:
        raise  # no such game (an id no row can have among them): no seat to look for
    except services.GameActionError:
        if not Seat.objects.filter(match_id=pk, user=request.user, departed=Termination.RESIGNATION.value).exists():
            raise


@form_post("game-detail")
@login_required
def match_rematch(request, pk: int):
    """Offer a rematch (or find the one offered) and go to its page, where
    the other players accept their invitations."""
    try:
        rematch, offered = services.match_rematch(match_id=pk, user=request.user, now=timezone.now())
    except services.GameActionError as error:
        messages.error(request, error.message)
        return redirect("game-detail", pk=pk)
    if offered:
        messages.success(
            request,
            ngettext(
                "Rematch offered: your opponent is invited, and the game starts when they join.",
                "Rematch offered: the other players are invited, and the game starts when they join.",
                rematch.opponent_count,
            ),
        )
    return redirect(rematch)


def _move_form_problem(form: MoveForm) -> str:
    """What to tell a player whose move form did not validate: the hidden
    position number was changed (never by the page itself), the move is too
    long, or the box was empty."""
    if "ply" in form.errors:
        return _("This page is out of date. Look at the current position and try again.")
    if len(form.data.get("move", "").strip()) > MOVE_MAX_LENGTH:
        return _("Write a move of at most %(limit)s characters.") % {"limit": MOVE_MAX_LENGTH}
    return _("Write a move in the box.")


@form_post("game-detail")
@login_required
def match_move(request, pk: int):
    form = MoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _move_form_problem(form))
        return redirect("game-detail", pk=pk)
    data = form.cleaned_data
    if not form_write_allowed(request):  # the API's per-user write limit; the typed move is kept
        error = _("You are sending moves too fast. Wait a minute, then send it again.")
        request.session[_draft_key(pk)] = {"move": data["move"], "error": str(error)}
        return redirect("game-detail", pk=pk)
    try:
        result = _move_submit(request, pk, data)
    except services.GameActionError as error:
        if error.code in _NOTHING_TO_CORRECT:
            # The page shows no move box to this player now (or another
            # position): said at the top, not kept for a later turn.
            not_played = _("That move was not played:")  # outside the f-string: makemessages reads no f-string
            messages.error(request, f"{not_played} {error.message}")
        else:
            # The page says what was wrong beside the box, which keeps the
            # text typed: a player corrects the move instead of typing it again.
            request.session[_draft_key(pk)] = {"move": data["move"], "error": str(error.message)}
    else:
        _tell_not_played(request, pk, result)
    return redirect("game-detail", pk=pk)


def _tell_not_played(request, pk: int, result: services.MoveResult) -> None:
    """The moves of the box that were not played (a move before them turned
    up cards: ``games.engine.blind``): why, at the top of the page, and,
    while the turn goes on, the moves kept in the box, as a refused move's
    text is."""
    not_played = result.record.not_played
    if not not_played:
        return
    messages.warning(request, " ".join(not_played_lines(result.match.game, not_played, result.match.players)))
    # Kept for the rest of this turn only: a box of a later turn starts empty.
    state = result.state
    if state is not None and result.record.seat_index in get_rules(result.match.game).to_move(state):
        request.session[_draft_key(pk)] = {"move": "; ".join(not_played["moves"])}


def _move_submit(request, pk: int, data: dict) -> services.MoveResult:
    """Play the form's move, keyed by the player and the position it
    answers: the same form sent again (a double click, the browser sending
    it again after a lost answer) is the move already played, not one
    refused for its position; another move for that position is refused
    as any move answering an old position is.

    :raises GameActionError: as ``move_submit``."""
    move = partial(
        services.move_submit,
        match_id=pk,
        user=request.user,
        text=data["move"],
        ply=data["ply"],
        source=MoveRecord.Source.WEB,
        now=timezone.now(),
    )
    try:
        return move(
            idempotency_key=f"web:{request.user.pk}:{data['ply']}",
            idempotency_fingerprint=request_fingerprint({"ply": data["ply"], "move": data["move"]}),
        )
    except KeyReused:
        return move()  # refused as answering an old position (its move was played)


#: Refusals about who may move or when, not about the text typed.
_NOTHING_TO_CORRECT = frozenset({"not_your_turn", "not_a_player", "not_active", "stale_ply", "game_over"})


def _draft_key(pk: int) -> str:
    return f"games.move-draft.{pk}"


def match_replay(request, pk: int):
    """A finished game position by position: the move list (each move a
    link), the board after ``?ply=``, and at the last position every seat's
    holdings as the rules reveal them at the end (``Rules.reveal``, which
    gives nothing for a position before the end)."""
    match = _match(pk)
    if not match.is_finished:
        raise Http404("Only finished games can be replayed.")
    try:
        ply = min(max(int(request.GET.get("ply", 0)), 0), match.ply)
    except ValueError:
        ply = 0
    rules = get_rules(match.game)
    state = selectors.match_state_at(match, ply)
    view = rules.view(state, None)
    board = board_for(match.game)
    words = getattr(board, "words", str)
    names = selectors.seat_names(match)
    moves, move, events = [], None, []
    records = list(match.moves.all())
    for record in records:
        # A move in the reader's notation; a resignation or timeout by its name.
        text = (
            move_words(match.game, record.text)
            if record.kind == MoveRecord.Kind.MOVE
            else str(record.get_kind_display()).lower()
        )
        entry = {
            "ply": record.ply,
            "player": selectors.player_name(names, record.seat_index),
            "kind": record.kind,
            "text": text,
            "at": record.created_at,
        }
        moves.append(entry)
        if record.ply == ply:
            move = entry
            # The move that led here, with what everyone saw happen.
            events = [
                words(selectors.with_names(event_text(match.game, e, history=True), names))
                for e in map(Event.load, record.events)
                if e.to is None
            ]
    if ply == 0:  # the start: what the setup showed everyone (Alhambra's start money)
        events = [words(selectors.with_names(event_text(match.game, e), names)) for e in rules.setup_events(state)]
    # Only the last position of a finished game reveals (the engine gives
    # nothing earlier either; the page does not rely on that alone).
    reveal = rules.reveal(state) if ply == match.ply else None
    turn_start = _turn_start(records, ply)
    before = rules.view(selectors.match_state_at(match, turn_start), None) if ply > 0 else None
    revealed = []
    if reveal is not None:
        for seat_reveal in reveal:
            lines = reveal_lines(seat_reveal, match.game)
            revealed.append({"player": selectors.player_name(names, seat_reveal.seat), **lines})
    return render(
        request,
        "games/replay.html",
        {
            "match": match,
            "ply": ply,
            # The move that led here outlined, as on the game page.
            "board": board.svg(view, _names(match), last=(before, view) if before is not None else None),
            "moves": moves,
            "move": move,
            "events": events,
            "revealed": revealed,
            "previous": max(ply - 1, 0),
            "next": min(ply + 1, match.ply),
        },
    )


def _turn_start(records: list[MoveRecord], ply: int) -> int:
    """The position the turn that led to ``ply`` started from: a seat that
    played several submissions in a row (an Atlantis move, then its
    payment; Alhambra's placing, then 'done') played one turn, outlined
    whole as on the game page (``selectors_turns.last_turns``), so no step
    of it shows a board with nothing marked."""
    by_ply = {record.ply: record for record in records}
    last = by_ply.get(ply)
    start = ply - 1
    if last is None or last.kind != MoveRecord.Kind.MOVE:
        return start
    while (earlier := by_ply.get(start)) is not None and (
        earlier.kind == MoveRecord.Kind.MOVE and earlier.seat_index == last.seat_index
    ):
        start -= 1
    return start


def game_help(request, slug: str):
    try:
        rules = get_rules(slug)
    except KeyError:
        raise Http404("No such game.") from None
    html = markdown.markdown(rules.help_text(get_language()), extensions=["tables", "fenced_code"])
    return render(request, "games/help.html", {"rules": rules, "help_html": html})


def invitation(request, token: str):
    seat = Seat.objects.filter(invitation_token=token).select_related("match", "match__created_by").first()
    if seat is None or not seat.match.is_open:
        return render(request, "games/invitation.html", {"invalid": True}, status=404)
    if request.method == "POST" and request.user.is_authenticated:
        if "accept" not in request.POST and "decline" not in request.POST:
            # No button named: no answer (a decline would free the seat for good).
            messages.error(request, _("Choose whether you accept or decline the invitation."))
            return redirect("game-invitation", token=token)
        action = services.invitation_accept if "accept" in request.POST else services.invitation_decline
        try:
            match = action(token=token, user=request.user, now=timezone.now())
        except services.GameActionError as error:
            messages.error(request, error.message)
            return redirect("game-invitation", token=token)
        if action is services.invitation_accept:
            if match.status == Match.Status.ACTIVE:  # the last seat: the game began
                said = _("You accepted the invitation to %(game)s. The game has started.")
            else:
                said = _("You accepted the invitation to %(game)s.")
            messages.success(request, said % {"game": match})
            return redirect(match)
        messages.success(request, _("You declined the invitation to %(game)s.") % {"game": seat.match})
        return redirect_back(request, request.POST.get("next", ""), "lobby")
    # A link forwarded to another signed-in player: not an invitation to them.
    not_theirs = request.user.is_authenticated and seat.invited_user_id not in (None, request.user.pk)
    return render(request, "games/invitation.html", {"seat": seat, "match": seat.match, "not_theirs": not_theirs})
