"""One Dutch word for one thing: what a Dutch mail calls a thing in its
list or on its board, its refusals and notices call it too.

(The word lists of a turn mail, "Of antwoord met het nummer van een van
deze keuzes", are the reference: a refusal that then asks for an
"optienummer" names something the mail never showed.)"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine import get_rules
from games.i18n import error_text
from mail.reply_text import read_reply
from mail.turns import whole_turns


def _alta():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    return rules, state, min(rules.to_move(state))


@pytest.mark.parametrize("text", ["Option H please", "B or C", "1. wheat field D4"])
def test_a_dutch_refusal_of_a_choice_asks_for_a_keuzenummer_as_the_mail_lists_keuzes(text):
    rules, state, seat = _alta()
    assert "H" not in [turn.letter for turn in whole_turns(rules, state, seat)]
    assert not rules.move_options(state, seat)[0][0].startswith("wheat_field")
    reply = read_reply(rules, state, seat, text)
    assert reply.stop_error is not None
    with translation.override("nl"):
        said = error_text("alta", reply.stop_error)
    assert not re.search(r"optie|\bstand\b", said, re.I), said


def test_a_dutch_refusal_of_a_whole_turn_letter_in_a_position_without_turns_says_stelling():
    from mail.reply_text import _no_such_turn

    with translation.override("nl"):
        said = error_text("alta", _no_such_turn("B", []))
    assert "keuzenummer" in said and "stelling" in said and "stand" not in said, said


@pytest.mark.django_db
def test_the_dutch_game_page_calls_the_chat_chat_as_the_mails_and_their_commands_do(client):
    """The mails say "Chat van de andere spelers" and take "dempen chat";
    the game page said "Gesprek" and "Gesprek dempen"."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.conftest import make_user

    from .test_dutch_pages import visible_text

    anna = make_user("anna@example.nl", "Anna", language="nl")
    bram = make_user("bram@example.nl", "Bram", language="nl")
    match = match_create_seated(users=[anna, bram], game="alta", now=timezone.now())
    client.force_login(anna)
    _, text = visible_text(client.get(match.get_absolute_url()).content.decode())
    assert "Chat dempen" in text and "gesprek" not in text.lower(), text
    with translation.override("nl"):
        from django.utils.translation import gettext

        said = [gettext(s) for s in ("You muted this game's chat.", "The chat is muted.", "Unmute the chat")]
    assert all("chat" in line.lower() and "gesprek" not in line.lower() for line in said), said


#: A cell written with the English compass letters E or S (N1E2, S2): Dutch
#: boards, help and options write them N1O2, Z2.
_ENGLISH_CELL = re.compile(r"\b[NS]\d[EW]\d\b|\bS\d\b|\b[NS]\d?E\d\b")


def test_a_dutch_alhambra_refusal_of_a_cell_gives_examples_in_the_dutch_compass():
    from django.utils.translation import gettext

    from games.engine import NotationError

    rules = get_rules("alhambra")
    state = rules.setup(2, 1)
    seat = min(rules.to_move(state))
    for step in ("buy pavilion (slot 4) with florin 2", "done"):
        state = rules.apply(state, seat, rules.parse_move(state, seat, step)).state
    with pytest.raises(NotationError) as refused:
        rules.parse_move(state, seat, "plaats paviljoen op Q9")
    with translation.override("nl"):
        said = error_text("alhambra", refused.value)
        # Redesigning to a cell that is none says the same (its examples).
        redesign = gettext("'%(tokens)s' is not a cell; cells are written from the fountain, e.g. N1, S2E1, W3.")
    assert "geen vak" in said and "N1O2" in said and not _ENGLISH_CELL.search(said), said
    assert "Z2O1" in redesign and not _ENGLISH_CELL.search(redesign), redesign


def test_a_dutch_atlantis_board_gives_each_players_score_as_score_not_stand():
    """A player's points read "stand 15 (tegels 14 + 1 kaart)" on the board
    while the same mail says "je score ging van 9 naar 14": "stand" is the
    standings of all players, one player's points are their score."""
    from games.boards import board_for

    rules, board = get_rules("atlantis"), board_for("atlantis")
    view = rules.view(rules.setup(2, 1), 0)
    with translation.override("nl"):
        said = board.text(view, ["Ann", "Ben"]) + board.html(view, ["Ann", "Ben"]) + board.svg(view, ["Ann", "Ben"])
    assert re.search(r"\bscore \d+", said) and not re.search(r"\bstand \d+", said), said


#: The subjects (their headline) that tell a player it is their move.
_YOUR_MOVE_SUBJECTS = [
    "your move (%(name)s has played)",
    "your move (%(name)s resigned)",
    "your move (%(name)s ran out of time)",
    "your move again (“%(move)s” was played)",
]


def test_every_dutch_subject_that_says_it_is_your_move_says_je_bent_aan_zet():
    """An inbox sorted by subject read "je bent aan zet (Ann heeft
    gespeeld)" and, for an Alpaca round the mover opens, "weer jouw zet
    (...)": one phrase, "je bent (weer) aan zet", for one thing."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        said = [gettext(subject) % {"name": "Ann", "move": "bonus geen"} for subject in _YOUR_MOVE_SUBJECTS]
    assert all(re.match(r"je bent (weer )?aan zet \(", line) for line in said), said


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "A 2-player game has room for 1 invitation."),
        ("nl", "Een partij voor 2 spelers heeft ruimte voor 1 uitnodiging."),
    ],
)
def test_too_many_invitations_for_a_two_player_game_count_one_invitation(language, said):
    """Inviting two friends to a two-player game answered "room for 1
    invitations" ("ruimte voor 1 uitnodigingen")."""
    from django.utils import timezone

    from core.errors import GameActionError
    from games.services import match_create
    from tests.conftest import make_user

    anna = make_user("anna@example.nl", "Anna", language=language)
    with translation.override(language), pytest.raises(GameActionError) as refused:
        match_create(creator=anna, game="alta", players=2, now=timezone.now(), invite=["a@example.nl", "b@example.nl"])
    assert refused.value.message == said


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"days_per_move": 0}, "Het aantal dagen per zet moet tussen 1 en "),
        ({"days_per_move": 3, "bank_initial_days": 2, "bank_increment_days": -1}, "Het aantal dagen erbij per zet "),
    ],
)
def test_a_dutch_time_control_refusal_reads_as_one_number_must_lie_between(fields, said):
    """ "Dagen per zet moeten tussen 1 en 30 liggen" made the days the
    subject; the refusal is about one number, the field's."""
    from core.errors import GameActionError
    from games.timing.clock import time_control_clean

    with translation.override("nl"), pytest.raises(GameActionError) as refused:
        time_control_clean(**fields)
    assert refused.value.message.startswith(said), refused.value.message


@pytest.mark.django_db
def test_a_dutch_swiss_page_calls_its_tie_breaks_tiebreaks_in_settings_and_standings(client):
    """The settings said "Tiebreaks: Buchholz, dan Sonneborn-Berger, dan de
    rating", the standings below "gerangschikt met deze weerstandspunten"
    (Dutch chess's word for Buchholz alone, and the rating is none)."""
    from .test_dutch_pages import visible_text

    anna = make_dutch("anna@example.nl", "Anna")
    bram = make_dutch("bram@example.nl", "Bram")
    cup = _running_swiss(anna, bram)
    client.force_login(anna)
    _, text = visible_text(client.get(cup.get_absolute_url()).content.decode())
    text = " ".join(text.split())
    assert "Tiebreaks: Buchholz" in text and "met deze tiebreaks" in text and "weerstandspunten" not in text, text


def make_dutch(email: str, name: str):
    from tests.conftest import make_user

    return make_user(email, name, language="nl")


def _running_swiss(*players):
    """A club's Swiss of two rounds with ``players``, started."""
    import datetime as dt

    from django.utils import timezone

    from tournaments.services import club_create, club_join, tournament_create, tournament_register, tournament_start

    now = timezone.now()
    club = club_create(creator=players[0], name="Harbour", now=now)
    for player in players[1:]:
        club_join(club_id=club.pk, user=player, now=now)
    cup = tournament_create(
        creator=players[0],
        name="Winter Cup",
        club_id=club.pk,
        now=now,
        rounds=2,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    for player in players:
        tournament_register(tournament_id=cup.pk, user=player, now=now)
    tournament_start(tournament_id=cup.pk, now=now, by=players[0])
    return cup


@pytest.mark.django_db
def test_a_dutch_tournament_heads_its_seeding_column_plaatsing_not_the_shuffles_startgetal(client):
    """ "Seed" is two things: a tournament's seeding (1 is the top seed) and
    a game's random seed ("Startgetal (seed)" in the final mail).  The
    site's translation won, so the players' table and the standings file
    headed the seeding numbers "Startgetal (seed)"."""
    from .test_dutch_pages import visible_text

    anna = make_dutch("anna@example.nl", "Anna")
    cup = _running_swiss(anna, make_dutch("bram@example.nl", "Bram"))
    client.force_login(anna)
    _, text = visible_text(client.get(cup.get_absolute_url()).content.decode())
    csv = client.get(f"/tournaments/{cup.pk}/standings.csv").content.decode("utf-8-sig")
    assert "Plaatsing Speler Rating bij de start" in " ".join(text.split()) and "Startgetal" not in text, text
    assert "Plaatsing" in csv.splitlines()[0] and "Startgetal" not in csv, csv
    with translation.override("nl"):
        from django.utils.translation import gettext

        assert gettext("Seed") == "Startgetal (seed)"  # the game's shuffles keep theirs


@pytest.mark.django_db
def test_dutch_pages_call_rated_games_partijen_met_rating_throughout(client):
    """The home page read "(3 partijen voor de rating)" under a hint
    "minder dan 10 partijen met rating", and a player's ratings page "3
    partijen voor de rating" above "Laatste Alta-partijen met rating"."""
    from .test_dutch_pages import visible_text

    anna = make_dutch("anna@example.nl", "Anna")
    client.force_login(anna)
    pages = [client.get(path).content.decode() for path in ("/", "/players/Anna/", "/players/Anna/ratings/")]
    texts = [" ".join(visible_text(page)[1].split()) for page in pages]
    assert all("voor de rating" not in text and "meetellen" not in text for text in texts), texts
    assert "Nog geen partijen met rating." in texts[0] and "geen partijen met rating" in texts[1], texts
    with translation.override("nl"):
        from django.utils.translation import gettext, ngettext

        counted = ngettext("%(games)s rated game", "%(games)s rated games", 3) % {"games": 3}
        header = gettext("Rated games")
    assert (counted, header) == ("3 partijen met rating", "Partijen met rating")


@pytest.mark.django_db
def test_a_dutch_ladders_note_names_its_columns_as_they_are_headed(client):
    """The ranking's columns read "Partijen" and "Winstpartijen"; the note
    under it explained "Partijen en gewonnen tellen ..."."""
    from django.utils import timezone

    from ratings.models import Ladder
    from ratings.services import ladder_join

    from .test_dutch_pages import visible_text

    ladder = Ladder.objects.create(game="alta", players=2, name="Harbour")
    anna = make_dutch("anna@example.nl", "Anna")
    ladder_join(ladder_id=ladder.pk, user=anna, now=timezone.now())
    client.force_login(anna)
    _, text = visible_text(client.get(ladder.get_absolute_url()).content.decode())
    text = " ".join(text.split())
    assert "Partijen Winstpartijen" in text and "Partijen en winstpartijen tellen" in text, text


def test_dutch_elimination_rules_name_the_games_own_tie_break_one_way():
    """The settings of an elimination said "de eigen tiebreak van het
    spel", its mails "de eigen beslisregel van het spel"."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        settings = gettext(
            "Ties in elimination: a game that ends in a shared place is decided by the game's own tie-break first, "
            "then the higher seed goes through. Byes go to the top seeds."
        )
        mailed = gettext(
            "An elimination game that ends in a shared first place is decided by the game's own tie-break first, "
            "then the higher seed goes through."
        )
    assert "eigen beslisregel van het spel" in settings and "eigen beslisregel van het spel" in mailed, settings


def test_dutch_atlantis_names_the_end_toll_eindtol_on_the_board_and_in_the_breakdown():
    """The final board read "(eindtol -3)", the score breakdown below it
    "Tol aan het einde"."""
    from django.utils.translation import gettext, pgettext

    with translation.override("nl"):
        board = gettext("(end toll -%(toll)s)") % {"toll": 3}
        breakdown = pgettext("score breakdown", "End toll")
    assert "eindtol" in board and breakdown == "Eindtol", (board, breakdown)


@pytest.mark.django_db
def test_a_dutch_visitor_of_a_club_page_is_asked_to_log_in_to_become_a_member(client):
    """The club page's buttons say "Lid worden van de club"; a visitor read
    "Log in om mee te doen", the game's sentence, whose translation won."""
    from django.utils import timezone

    from tournaments.services import club_create

    club = club_create(creator=make_dutch("anna@example.nl", "Anna"), name="Harbour", now=timezone.now())
    page = client.get(club.get_absolute_url(), headers={"accept-language": "nl"}).content.decode()
    assert "</a> om lid te worden." in page and "om mee te doen" not in page, page


def _dutch_translations() -> list[str]:
    """Every Dutch msgstr of the site's catalogues (plural forms included)."""
    from pathlib import Path

    import polib

    root = Path(__file__).resolve().parents[2]
    said = []
    for path in root.glob("**/locale/nl/LC_MESSAGES/django.po"):
        if ".venv" in path.parts:
            continue
        for entry in polib.pofile(str(path)):
            said += [entry.msgstr, *entry.msgstr_plural.values()]
    return said


def test_dutch_says_ronden_for_rounds_everywhere():
    """A tournament page read "Vrije rondes" above "het aantal ronden", and
    its round settings "hoe de rondes worden ingedeeld": one plural,
    "ronden" (the chess clubs' word), throughout."""
    mixed = [line for line in _dutch_translations() if re.search(r"\brondes\b", line, re.I)]
    assert not mixed, mixed


def test_dutch_declines_an_invitation_with_weigeren_as_the_mail_command_does():
    """An invitation mail asked to answer "weiger", its page's button said
    "Afslaan", the notice after it "afgeslagen" and a ladder's challenge
    list "Afgewezen": one family, "weigeren" (the word a player types),
    for saying no to an invitation, a challenge or a club."""
    from django.utils.translation import gettext

    other = re.compile(r"\b(afslaan|afgeslagen|sla \w+ \w+ (\S+ )*af|afwijzen|afgewezen|afwijst)\b", re.I)
    mixed = [line for line in _dutch_translations() if other.search(line)]
    assert not mixed, mixed
    with translation.override("nl"):
        said = [gettext(text) for text in ("Decline", "Declined", "[%(site)s] %(game)s: invitation declined")]
    assert said == ["Weigeren", "Geweigerd", "[%(site)s] %(game)s: uitnodiging geweigerd"], said


def test_dutch_says_a_refused_move_was_niet_geaccepteerd_as_its_mails_subject_does():
    """A refused move's mail says "je zet is niet geaccepteerd"; the same
    thing was "Zet geweigerd" elsewhere, the word an invitation's "no" uses."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        said = [
            gettext(text) for text in ("your move was not accepted", "Move rejected", "Move rejected (player told why)")
        ]
    assert all("niet geaccepteerd" in line and "geweigerd" not in line for line in said), said


def test_dutch_mails_send_a_reply_naar_an_address_as_the_digest_does():
    """The "partijen" answer listed "opdrachten en chat: antwoord aan
    play+...@", the digest "stuur je zet naar play+...@": one sends
    something to an address ("naar"); "antwoorden aan" is said to a person."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        said = [
            gettext(text) % {"address": "play+1@example.nl"}
            for text in ("your move, reply to %(address)s", "commands and chat: reply to %(address)s")
        ]
        said.append(gettext("Reply to an unknown address"))
        said.append(
            gettext(
                "We received your email but could not match it to a move you can make: the "
                "address you replied to belongs to an email we sent to another player, so "
                "nothing in your email was played or passed on."
            )
        )
    assert not [line for line in said if re.search(r"antwoord aan|waaraan je antwoord", line)], said
    assert said[0] == "je bent aan zet, antwoord naar play+1@example.nl", said


def test_a_dutch_player_warned_of_missed_deadlines_reads_a_whole_sentence():
    """The warning under a default move read "Mis je nog 2 termijnen op
    rij, dan val je af in deze partij: als laatste gerangschikt." (the
    English "ranked last" word for word, without a verb)."""
    from django.utils.translation import ngettext

    with translation.override("nl"):
        said = [
            ngettext(
                "After %(count)s more missed deadline in a row you are dropped from this game: ranked last.",
                "After %(count)s more missed deadlines in a row you are dropped from this game: ranked last.",
                count,
            )
            % {"count": count}
            for count in (1, 2)
        ]
    assert said == [
        "Mis je nog 1 termijn op rij, dan val je af in deze partij en eindig je als laatste.",
        "Mis je nog 2 termijnen op rij, dan val je af in deze partij en eindig je als laatste.",
    ], said


def test_a_dutch_alta_page_counts_each_islands_koopmankaarten_as_the_mails_do():
    """The caption under each island on the Dutch game page read "hand 2 ·
    kooplieden 0", while the turn mails (and the rules) count
    "Koopmankaarten in bezit: Bob 0"."""
    from games.boards import board_for

    rules, board = get_rules("alta"), board_for("alta")
    view = rules.view(rules.setup(2, 1), 0)
    with translation.override("nl"):
        captions = re.findall(r"<figcaption>(.*?)</figcaption>", board.svg(view, ["Ann", "Ben"]))
    assert captions and all(re.search(r"koopmankaarten \d", line) for line in captions), captions


def test_dutch_accepts_an_invitation_with_accepteren_as_the_mail_command_does():
    """An invitation mail asked to answer "accepteer", its page's button
    said "Aannemen" and the notice after it "aangenomen", a club request
    "geaccepteerd": one family, "accepteren" (the word a player types),
    the partner of "weigeren"."""
    from django.utils.translation import gettext

    other = re.compile(r"\b(aannemen|aangenomen|aanneemt|om aan te nemen|neem \w+ \w+ (\S+ )*aan)\b", re.I)
    mixed = [line for line in _dutch_translations() if other.search(line)]
    assert not mixed, mixed
    with translation.override("nl"):
        said = [
            gettext(text)
            for text in (
                "Accept",
                "Accepted",
                "You accepted the challenge: the game has started, its first emails are on their way.",
            )
        ]
    assert said == [
        "Accepteren",
        "Geaccepteerd",
        "Je hebt de uitdaging geaccepteerd: de partij is begonnen, de eerste mails zijn onderweg.",
    ], said


def test_dutch_calls_an_email_a_mail_everywhere_but_in_e_mailadres():
    """One mail read "Beantwoord deze e-mail ..." above "de volgende mail
    toont ...", the help "zo speel je per e-mail" and the digest "je
    e-mailinstellingen" beside "mailvoorkeuren": the noun is "mail" (and
    "per mail", "mailinstellingen"), the verb "mailen"; only the address
    keeps the established "e-mailadres", the word Django's own forms use."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    helps = [path.read_text() for path in root.glob("games/rules/*/HELP.nl.md")]
    other = re.compile(r"\be-?mail(?!adres)|mailvoorkeur", re.I)
    lines = [re.sub(r"%\(\w+\)s", "", line) for text in _dutch_translations() + helps for line in text.splitlines()]
    mixed = [line for line in lines if other.search(line)]
    assert helps and not mixed, mixed


@pytest.mark.django_db
def test_a_dutch_confirmation_code_mail_reads_naturally():
    """The mail that sends a code to confirm an address read "Vul deze code
    in in het venster waar je het opgaf, om te bevestigen dat het van jou
    is:", the separable verb's "in" stumbling into the next "in"."""
    from django.template.loader import render_to_string

    anna = make_dutch("anna@example.nl", "Anna")
    with translation.override("nl"):
        body = render_to_string(
            "account/email/email_confirmation_message.txt",
            {"user": anna, "code": "K7Q2XB", "current_site": type("Site", (), {"name": "Alta", "domain": "x"})()},
        )
    said = " ".join(body.split())
    wanted = "Om te bevestigen dat het van jou is, typ je deze code in het venster waar je het opgaf: K7Q2XB"
    assert "in in" not in said and wanted in said, said


@pytest.mark.django_db
def test_the_dutch_site_says_it_plays_per_mail_not_per_post(client):
    """Every Dutch page's footer (and the error pages' title) read
    "bordspellen op je gemak, per post" (by letter post), under a home page
    that says "Speel bordspellen op je gemak, per mail": the games are mailed."""
    from django.utils.translation import gettext

    page = client.get("/", headers={"accept-language": "nl"}).content.decode()
    with translation.override("nl"):
        title = gettext("Slow board games by correspondence")
    assert "per post" not in page and "bordspellen op je gemak, per mail." in page, page
    assert title == "Bordspellen op je gemak, per mail", title


#: Two Dutch words for one thing: (the other word, a msgid, its one Dutch wording).
_ONE_WORD = [
    # "Je bent aan zet" in every subject: "aan de beurt" is the same thing.
    (r"aan de beurt", "It is not your turn; the game is waiting for %(names)s.", "aan zet"),
    # The mails' "Pagina van de partij", not "partijpagina" or "spelpagina".
    (r"partijpagina|spelpagina", "Game page:", "Pagina van de partij:"),
    # A drawn game is a "gedeelde uitslag" in the scoring, not the chess "remise".
    (r"\bremise", "win 1, shared result ½, loss 0", "gedeelde uitslag"),
    # A knockout is an "afvalsysteem" everywhere, its bracket an "afvalschema".
    (r"knock-?out", "Single elimination", "Afvalsysteem"),
    # The order of seats at a table is the game page's "zitvolgorde";
    # "plaatsvolgorde" sat one letter group from the seeding's "plaatsingsvolgorde".
    (r"plaatsvolgorde", "The seat order is not the one the seed draws.", "zitvolgorde"),
    # The game mails are "spelmails" (their settings, their "Stop" links), the admin's app too.
    (r"partijmail", "No game emails", "spelmails"),
    # A finished tournament's table is its "Eindstand" (the final mail's word), a knockout's too.
    (r"eindklassering", "Final standings", "Eindstand"),
]


@pytest.mark.parametrize(("other", "msgid", "chosen"), _ONE_WORD, ids=[row[2] for row in _ONE_WORD])
def test_dutch_has_one_word_for_one_thing(other, msgid, chosen):
    from django.utils.translation import gettext

    helps = [path.read_text() for path in _root().glob("games/rules/*/HELP.nl.md")]
    mixed = [line for line in _dutch_translations() + helps if re.search(other, line, re.I)]
    with translation.override("nl"):
        said = gettext(msgid)
    assert not mixed and chosen in said, (mixed, said)


def _root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_the_dutch_address_page_changes_the_e_mailadres_as_the_menu_says(client):
    """The page behind the menu's "E-mailadres wijzigen" was headed with
    allauth's "E-mail wijzigen": the site's mails are "mail", and what the
    page changes is the address."""
    from .test_dutch_pages import visible_text

    client.force_login(make_dutch("anna@example.nl", "Anna"))
    _, text = visible_text(client.get("/accounts/email/").content.decode())
    text = " ".join(text.split())
    assert "E-mailadres wijzigen" in text and not re.search(r"\be-?mail(?!adres)", text, re.I), text


@pytest.mark.django_db
def test_a_dutch_player_leaves_an_open_game_with_partij_verlaten_not_an_alhambra_building(client):
    """The button to give up one's seat in a game waiting for players read
    "Vertrekken" (also Dutch Alhambra's "Chambers"), beside "Partij
    annuleren", and what it did was told "Je hebt Alta verlaten"."""
    from django.utils import timezone

    from games.services import match_create, match_join

    from .test_dutch_pages import visible_text

    anna, bram = make_dutch("anna@example.nl", "Anna"), make_dutch("bram@example.nl", "Bram")
    match = match_create(creator=anna, game="alta", players=3, now=timezone.now())
    match_join(match_id=match.pk, user=bram, now=timezone.now())
    client.force_login(bram)
    _, text = visible_text(client.get(match.get_absolute_url()).content.decode())
    assert "Partij verlaten" in text and "Vertrekken" not in text, text


#: The notices that a player was dropped for missed deadlines ("ranked last").
_DROPPED = [
    ("%(player)s ran out of time too often and is dropped: ranked last, their turns are played automatically.", {}),
    (
        "%(player)s ran out of time %(count)s turns in a row and is dropped: ranked last, their turns are played "
        "automatically.",
        {"count": 3},
    ),
    (
        "%(player)s missed too many deadlines in a row in %(match)s (round %(number)s of %(tournament)s) and was "
        "dropped from it: ranked last there, their turns are played automatically.",
        {"match": "Alta #4", "number": 2, "tournament": "Winter Cup"},
    ),
]


@pytest.mark.parametrize(("msgid", "names"), _DROPPED)
def test_a_dutch_notice_of_a_dropped_player_reads_as_a_whole_sentence(msgid, names):
    """The notices read "... en valt af: als laatste gerangschikt, de
    beurten worden automatisch gespeeld" (the English "ranked last" word
    for word, without a verb); the player's own warning says "en eindig je
    als laatste"."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        said = gettext(msgid) % {"player": "Bob", **names}
    assert "gerangschikt" not in said and re.search(r"eindigt (daar )?als laatste", said), said


def test_a_dutch_turn_mail_names_the_time_zone_of_the_time_bank_as_of_the_deadline():
    """A turn mail read "Je termijn: ... (tijdzone Europe/Amsterdam)" and,
    a line below, "die is verbruikt op ... (Europe/Amsterdam-tijd)"."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        bank = gettext(
            "Your time bank: %(bank)s when this turn began; it runs out on %(when)s (%(zone)s time). "
            "Each move adds %(add)s, up to %(cap)s."
        ) % {"bank": "3 dagen", "when": "maandag 7 december", "zone": "Europe/Amsterdam", "add": "1 dag", "cap": "5"}
        deadline = gettext("Your deadline: %(when)s (%(zone)s time).") % {"when": "x", "zone": "Europe/Amsterdam"}
    assert "(tijdzone Europe/Amsterdam)" in deadline and "(tijdzone Europe/Amsterdam)" in bank, bank


def test_a_dutch_answer_to_a_reply_that_came_twice_shows_the_stelling_not_the_stand():
    """Every other answer says "Hier is de huidige stelling"; the one to a
    reply delivered twice said "de huidige stand" (the standings)."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        said = gettext(
            'This reply came twice: its move "%(move)s" was played once, from the first copy; nothing more was '
            "done. Here is the current position."
        )
    assert said.endswith("Hier is de huidige stelling."), said


def test_a_dutch_player_on_vacation_is_told_to_accepteren_a_challenge_as_the_buttons_say():
    """After 3139f76 made accepting "accepteren" everywhere, a player on
    vacation was still told to end it first "om ... een uitdaging aan te
    nemen"; a rating change's breakdown counted a tie as "gelijk 0,5"
    where the tournament pages say "gedeelde uitslag"."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        vacation = gettext("You are on vacation: end your vacation first to challenge or accept a challenge.")
        pairwise = gettext("Sum of the pairwise scores (win 1, shared result 0.5, loss 0).")
    assert vacation.endswith("een uitdaging te accepteren."), vacation
    assert "gedeelde uitslag 0,5" in pairwise, pairwise


def test_dutch_heads_a_finished_games_places_eindstand_on_its_page_as_in_its_mail():
    """The final mail listed the places under "Eindstand:", the game page
    the same places under "Einduitslag" (both "Final result" in English)."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        page, mail = gettext("Final result"), gettext("Final result:")
    assert (page, mail) == ("Eindstand", "Eindstand:"), (page, mail)


def test_dutch_says_a_move_was_geaccepteerd_in_the_admin_too():
    """A move's record counted its "aanvaarde inzendingen" where every
    mail and page says a move was "geaccepteerd" or "niet geaccepteerd"."""
    mixed = [line for line in _dutch_translations() if re.search(r"aanvaard", line, re.I)]
    assert not mixed, mixed


def test_dutch_atlantis_calls_a_space_on_the_road_a_positie_not_a_seats_plaats():
    """Atlantis' help and refusals say "positie 27" and "schrijf een
    positienummer"; the board labelled the same space "Plaats 27" (the
    word for a player's seat) and the mail's notation summary "Plekken"."""
    from django.utils.translation import gettext

    with translation.override("nl"):
        board = gettext("Position %(position)s") % {"position": 27}
        summary = [
            gettext("Places: A is Atlantis, 1-53 the road, M the mainland."),
            gettext("Move a pawn: where it stands, the cards, the place: 12 pink grey -> 18."),
        ]
    assert board == "Positie 27", board
    assert summary[0].startswith("Posities:") and "de positie: 12" in summary[1], summary


def test_the_dutch_lobby_filters_on_the_fischer_bank_as_the_games_settings_name_it():
    """The lobby's clock filter offered "Fischer-tijdbank"; the new-game
    form and every game's settings say "Fischer-bank"."""
    from django.utils.translation import gettext, ngettext

    with translation.override("nl"):
        lobby = gettext("Fischer bank")
        settings = ngettext("Fischer bank: %(days)s day", "Fischer bank: %(days)s days", 5) % {"days": 5}
    assert settings.startswith(lobby + ":"), (lobby, settings)


def test_dutch_atlantis_calls_a_water_space_a_waterpositie_as_its_help_does():
    """The help's move table says "`brug` en een waterpositie"; the bridge's
    option label and a refusal of a bridge asked for "een waterplek"."""
    from django.utils.translation import gettext

    mixed = [line for line in _dutch_translations() if re.search(r"waterplek", line, re.I)]
    assert not mixed, mixed
    with translation.override("nl"):
        said = [gettext("Your bridge: pick it, then a water position"), gettext("a water position (%(example)s)")]
    assert all("waterpositie" in line for line in said), said
