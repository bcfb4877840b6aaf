"""Issue 19's chat through the real inbound path: lines below a move and
``say``/``zeg`` reach the other seated players with their next mail (or
at once), never spectators or other games; a player can mute it."""

import pytest
from django.core import mail
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine import get_rules
from games.models import ChatMessage
from games.services import match_create_seated
from games.services.chat import chat_mute, chat_post
from mail.addresses import reply_address
from mail.outbox import reply_token_for
from tests.conftest import EPOCH

from .conftest import digest_reader_to_move, mails_to, mover_of, next_digest
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _reply_address(seat):
    """A reply address of ``seat``'s player for the current position (what
    any of their game mails carries)."""
    seat.match.refresh_from_db()
    token = reply_token_for(match=seat.match, seat_index=seat.index, user=seat.user, ply=seat.match.ply, now=EPOCH)
    return reply_address(token.token)


def finish_turn(game, seat, capture):
    """Play first options by mail until ``seat`` is no longer to move."""
    rules = get_rules("alta")
    game.refresh_from_db()
    while mover_of(game).pk == seat.pk:
        first = rules.move_options(rules.load(game.state), seat.index)[0][0]
        assert send(_reply_address(seat), first, seat.user, capture).outcome == "accepted"
        game.refresh_from_db()


def send(address, body, user, capture):
    return ingest(bytes(message(address, body, sender=user.email)), capture)


@pytest.fixture
def turn(game):
    seat = mover_of(game)
    other = game.seats.exclude(pk=seat.pk).get()
    rules = get_rules("alta")
    options = [t for t, _ in rules.move_options(rules.load(game.state), seat.index)]
    return seat, other, options


def test_lines_below_the_move_reach_the_opponent_in_their_next_mail(game, turn, django_capture_on_commit_callbacks):
    seat, other, options = turn
    mail.outbox.clear()
    body = f"{options[0]}\nGood luck, <b>partner</b>!"
    record = send(_reply_address(seat), body, seat.user, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    line = ChatMessage.objects.get()
    assert (line.author, line.text, line.source) == (seat.user, "Good luck, <b>partner</b>!", "email")
    finish_turn(game, seat, django_capture_on_commit_callbacks)
    carrying = [m for m in mails_to(other.user.email) if "Good luck" in m.body]
    assert len(carrying) == 1 and "your move" in carrying[0].subject.lower()
    assert "Chat from your opponent" in carrying[0].body
    assert all("Good luck" not in m.body for m in mails_to(seat.user.email))  # never your own line back


def test_say_in_english_and_zeg_in_dutch_reach_the_other_player_not_a_spectator(
    game, turn, carol, django_capture_on_commit_callbacks
):
    seat, other, options = turn
    record = send(_reply_address(seat), "say Nice opening", seat.user, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "said"
    assert "sent to your opponent" in mails_to(seat.user.email)[-1].body
    seat.user.language = "nl"
    seat.user.save()
    record = send(_reply_address(seat), "zeg Veel plezier\nen succes", seat.user, django_capture_on_commit_callbacks)
    assert record.detail == "said"
    assert "verstuurd" in mails_to(seat.user.email)[-1].body
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Nice opening", "Veel plezier\nen succes"]
    mail.outbox.clear()
    # The opponent's next game mail (their move) carries both lines, once.
    finish_turn(game, seat, django_capture_on_commit_callbacks)
    to_other = mails_to(other.user.email)
    carrying = [m for m in to_other if "Nice opening" in m.body]
    assert len(carrying) == 1 and "Veel plezier" in carrying[0].body
    html = carrying[0].alternatives[0][0]
    assert "Nice opening" in html
    # Nobody else was mailed the chat.
    assert not [m for m in mail.outbox if "Nice opening" in m.body and m.to != [other.user.email]]


def test_chat_html_is_escaped_in_mail_and_on_the_page(game, turn, client, django_capture_on_commit_callbacks):
    seat, other, options = turn
    send(_reply_address(seat), "say <script>alert(1)</script>", seat.user, django_capture_on_commit_callbacks)
    other.user.chat_at_once = True
    other.user.save()
    mail.outbox.clear()
    send(_reply_address(seat), "say <img src=x onerror=alert(2)>", seat.user, django_capture_on_commit_callbacks)
    html = mails_to(other.user.email)[-1].alternatives[0][0]
    assert "&lt;script&gt;" in html and "<script>" not in html and "<img" not in html
    client.force_login(other.user)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page


def test_a_player_who_asked_for_it_gets_each_line_at_once_and_only_once(game, turn, django_capture_on_commit_callbacks):
    seat, other, _options = turn
    other.user.chat_at_once = True
    other.user.save()
    mail.outbox.clear()
    send(_reply_address(seat), "say Are you there?", seat.user, django_capture_on_commit_callbacks)
    now_mail = [m for m in mails_to(other.user.email) if "Are you there?" in m.body]
    assert len(now_mail) == 1
    assert now_mail[0].reply_to  # a reply with "say" answers it
    # The next game mail does not repeat it.
    with django_capture_on_commit_callbacks(execute=True):
        chat_post(match_id=game.pk, user=other.user, text="yes", source="web", now=game.created_at)
    assert len([m for m in mail.outbox if "Are you there?" in m.body]) == 1


def test_mute_chat_by_mail_stops_its_lines_and_unmute_brings_them_back(game, turn, django_capture_on_commit_callbacks):
    seat, other, _options = turn
    other.user.chat_at_once = True
    other.user.save()
    other_address = _reply_address(other)
    record = send(other_address, "mute chat", other.user, django_capture_on_commit_callbacks)
    assert record.detail == "chat muted"
    mail.outbox.clear()
    send(_reply_address(seat), "say hello?", seat.user, django_capture_on_commit_callbacks)
    assert not [m for m in mail.outbox if "hello?" in m.body]
    other.user.language = "nl"
    other.user.save()
    record = send(other_address, "ontdempen chat", other.user, django_capture_on_commit_callbacks)
    assert record.detail == "chat unmuted"
    send(_reply_address(seat), "say hello again", seat.user, django_capture_on_commit_callbacks)
    assert [m for m in mails_to(other.user.email) if "hello again" in m.body]


def test_spectators_and_players_of_other_games_never_see_the_chat(
    game, turn, carol, dave, client, now, django_capture_on_commit_callbacks
):
    seat, other, _options = turn
    send(_reply_address(seat), "say secret plan", seat.user, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        elsewhere = match_create_seated(users=[carol, dave], game="alta", now=now)
    assert not [m for m in mail.outbox if "secret plan" in m.body and m.to[0] in (carol.email, dave.email)]
    for viewer in (None, carol):
        if viewer is not None:
            client.force_login(viewer)
        page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
        assert "secret plan" not in page and 'id="chat"' not in page
    client.force_login(carol)
    assert "secret plan" not in client.get(reverse("game-detail", args=[elsewhere.pk])).content.decode()
    api = APIClient()
    api.force_authenticate(carol)
    response = api.get(reverse("api-game-chat", args=[game.pk]))
    assert response.status_code == 403 and "secret plan" not in response.content.decode()
    assert api.post(reverse("api-game-chat", args=[game.pk]), {"text": "hi"}).status_code == 403
    assert "secret plan" not in api.get(reverse("api-game", args=[game.pk])).content.decode()
    api.force_authenticate(other.user)
    lines = api.get(reverse("api-game-chat", args=[game.pk])).json()
    assert [line["text"] for line in lines] == ["secret plan"]
    # A spectator's data export holds none of it; the author's holds it.
    from alta_site.accounts.export import user_export

    assert "secret plan" not in str(user_export(carol, now=now))
    assert "secret plan" not in str(user_export(other.user, now=now))
    assert [c["text"] for c in user_export(seat.user, now=now)["chat"]] == ["secret plan"]


def test_a_daily_digest_player_gets_the_chat_in_their_digest(carol, alice, now, django_capture_on_commit_callbacks):
    import datetime as dt

    from mail.digest import digests_send

    match = digest_reader_to_move(carol, alice, now, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        chat_post(match_id=match.pk, user=alice, text="see you tomorrow", source="web", now=now)
    assert not [m for m in mails_to(carol.email) if "see you tomorrow" in m.body]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        digests_send(now=now + dt.timedelta(days=1))
    digest = mails_to(carol.email)[0]
    assert "see you tomorrow" in digest.body and f"Alta #{match.pk}" in digest.body
    assert "see you tomorrow" in digest.alternatives[0][0]


def test_players_chat_over_the_api_and_it_reaches_the_others_mail(game, turn, django_capture_on_commit_callbacks):
    seat, other, _options = turn
    api = APIClient()
    assert api.get(reverse("api-game-chat", args=[game.pk])).status_code in (401, 403)
    api.force_authenticate(seat.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(reverse("api-game-chat", args=[game.pk]), {"text": "from the api"}, format="json")
    assert response.status_code == 201
    assert response.json()["seat"] == seat.index + 1 and response.json()["player"] == str(seat.user)
    api.force_authenticate(other.user)
    assert [line["text"] for line in api.get(reverse("api-game-chat", args=[game.pk])).json()] == ["from the api"]
    finish_turn(game, seat, django_capture_on_commit_callbacks)
    assert [m for m in mails_to(other.user.email) if "from the api" in m.body]


def test_chat_by_mail_is_limited_in_length_and_the_writer_is_told(game, turn, django_capture_on_commit_callbacks):
    from games.models import CHAT_MAX_LENGTH

    seat, other, options = turn
    long = "blah " * 400  # 2000 characters
    record = send(_reply_address(seat), f"say {long}", seat.user, django_capture_on_commit_callbacks)
    assert record.detail == "said"
    [line] = ChatMessage.objects.all()
    assert len(line.text) == CHAT_MAX_LENGTH and line.text == long.strip()[:CHAT_MAX_LENGTH]
    assert f"longer than {CHAT_MAX_LENGTH} characters" in mails_to(seat.user.email)[-1].body
    # Below a move too: the move stands, the chat is cut.
    record = send(_reply_address(seat), f"{options[0]}\n{long}", seat.user, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and game.moves.count() == 1
    assert max(len(t) for t in ChatMessage.objects.values_list("text", flat=True)) == CHAT_MAX_LENGTH


def test_say_below_a_move_is_chat_without_the_command_word(game, turn, django_capture_on_commit_callbacks):
    seat, other, options = turn
    record = send(
        _reply_address(seat), f"{options[0]}\nzeg Veel succes!", seat.user, django_capture_on_commit_callbacks
    )
    assert record.outcome == "accepted"
    assert ChatMessage.objects.get().text == "Veel succes!"


def test_plain_lines_from_the_player_not_to_move_are_chat(game, turn, django_capture_on_commit_callbacks):
    seat, other, options = turn
    mail.outbox.clear()
    record = send(_reply_address(other), "Take your time!\nCheers", other.user, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "said")
    assert ChatMessage.objects.get().text == "Take your time!\nCheers"
    [answer] = mails_to(other.user.email)
    assert "sent to your opponent" in answer.body and "had no move" not in answer.body
    # The player to move who writes only words is still told the reply had no move.
    record = send(_reply_address(seat), "Thanks, thinking...", seat.user, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "had no move" in mails_to(seat.user.email)[-1].body
    assert ChatMessage.objects.count() == 1 and game.moves.count() == 0


def test_with_three_players_each_other_player_gets_the_line_once(
    alice, bob, carol, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    writer = mover_of(game)
    first = get_rules("alta").move_options(get_rules("alta").load(game.state), writer.index)[0][0]
    mail.outbox.clear()
    assert (
        send(_reply_address(writer), f"{first}\nHello both", writer.user, django_capture_on_commit_callbacks).outcome
        == "accepted"
    )
    finish_turn(game, writer, django_capture_on_commit_callbacks)
    for _ in range(2):  # the next two turns, by mail
        finish_turn(game, mover_of(game), django_capture_on_commit_callbacks)
    others = [s.user for s in game.seats.exclude(pk=writer.pk)]
    for user in others:
        assert len([m for m in mails_to(user.email) if "Hello both" in m.body]) == 1, user
    assert not [m for m in mails_to(writer.user.email) if "Hello both" in m.body]


def test_a_line_sent_after_the_game_ended_reaches_the_other_player_at_once(
    game, now, django_capture_on_commit_callbacks
):
    """No game mail follows a finished game to carry the chat: the line is
    mailed at once, whatever the reader's chat setting."""
    from .playing import play

    play(game, now, django_capture_on_commit_callbacks)
    over = [m for m in mails_to("bob@example.com") if "game is over" in m.subject][-1]
    body = message(
        over.extra_headers["From"],  # the header a mail client answers, not the envelope sender
        "gg, well played!",
        sender="bob@example.com",
        subject="Re: " + over.subject,
        In_Reply_To=over.extra_headers["Message-ID"],
    )
    mail.outbox.clear()
    record = ingest(bytes(body), django_capture_on_commit_callbacks)
    assert record.detail == "said"
    assert "sent to your opponent" in mails_to("bob@example.com")[-1].body
    received = [m for m in mails_to("alice@example.com") if "gg, well played!" in m.body]
    assert len(received) == 1


@pytest.mark.parametrize(("language", "word"), [("en", "say"), ("nl", "zeg")])
def test_the_digest_says_where_to_answer_the_chat_and_that_address_takes_it(
    language, word, carol, alice, now, django_capture_on_commit_callbacks
):
    """The digest comes from an address nobody reads: its chat footer names
    the game's reply address, and a "say" sent there reaches the game."""

    from tests.conftest import living_in

    living_in(language, "Europe/Amsterdam", carol)
    match = digest_reader_to_move(carol, alice, now, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        chat_post(match_id=match.pk, user=alice, text="see you tomorrow", source="web", now=now)
    digest = next_digest(carol, now, django_capture_on_commit_callbacks)
    assert not digest.reply_to
    footer = " ".join(digest.body.split("see you tomorrow", 1)[1].split())
    [address] = [w.rstrip(".)") for w in footer.split() if w.startswith("play+")]
    assert f'"{word}"' in footer
    assert send(address, f"{word} until then", carol, django_capture_on_commit_callbacks).outcome == "command"
    assert ChatMessage.objects.filter(match=match, author=carol, text="until then").exists()


@pytest.mark.parametrize(("language", "subject"), [("en", "chat from"), ("nl", "chat van")])
def test_a_chat_line_mailed_at_once_names_its_writer_in_the_subject(
    language, subject, game, turn, django_capture_on_commit_callbacks
):
    """The inbox shows who wrote ("Alta #1: chat from Bob"), as it shows
    who played in a turn mail's subject."""
    from tests.conftest import living_in

    seat, other, _options = turn
    living_in(language, "Europe/Amsterdam", other.user)
    other.user.chat_at_once = True
    other.user.save(update_fields=["chat_at_once"])
    mail.outbox.clear()
    send(_reply_address(seat), "say Are you there?", seat.user, django_capture_on_commit_callbacks)
    [told] = [m for m in mails_to(other.user.email) if "Are you there?" in m.body]
    assert told.subject.endswith(f"#{game.pk}: {subject} {seat.user}")


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Your message below the move was passed on to your opponent."),
        ("nl", "Je bericht onder de zet is doorgegeven aan je tegenstander."),
    ],
)
def test_the_receipt_of_a_move_with_a_message_below_says_it_was_passed_on(
    language, told, game, turn, django_capture_on_commit_callbacks
):
    """A refused reply says its words were not passed on; an accepted one
    said nothing of them, so the writer could not tell whether their line
    went out.  Their own line is still not mailed back to them."""
    seat, other, options = turn
    seat.user.language = language
    seat.user.save()
    mail.outbox.clear()
    record = send(_reply_address(seat), f"{options[0]}\nGood luck!", seat.user, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    [receipt] = mails_to(seat.user.email)
    assert told in " ".join(receipt.body.split()) and "Good luck" not in receipt.body
    mail.outbox.clear()
    game.refresh_from_db()
    if mover_of(game).pk == seat.pk:  # a turn of several steps: the next one alone
        record = send(_reply_address(seat), options_now(game, seat)[0], seat.user, django_capture_on_commit_callbacks)
        assert record.outcome == "accepted", record.detail
        assert all(told not in " ".join(m.body.split()) for m in mails_to(seat.user.email))


def options_now(game, seat):
    rules = get_rules("alta")
    return [t for t, _ in rules.move_options(rules.load(game.state), seat.index)]


def test_the_answer_to_say_does_not_name_a_player_who_muted_the_chat(
    alice, bob, carol, dave, now, django_capture_on_commit_callbacks
):
    """Bob never reads the line: "Bob ... will read it in the next one" was wrong."""
    with django_capture_on_commit_callbacks(execute=True):
        game = match_create_seated(users=[alice, bob, carol, dave], game="alta", now=now)
    chat_mute(match_id=game.pk, user=bob, muted=True)
    mail.outbox.clear()
    send(_reply_address(game.seats.get(user=alice)), "say hello", alice, django_capture_on_commit_callbacks)
    [answer] = mails_to(alice.email)
    said = " ".join(answer.body.split())
    assert "get chat with the game's mails, so will read it in the next one." in said
    assert str(carol) in said and str(dave) in said and str(bob) not in said
