"""Clubs and their tournaments: settings, players, rounds, games, the log.

Results live on ``TournamentGame`` rows (one per game, bye or walkover,
keyed like the pure pairing keys them: ``R2-1``, ``W1-3``, ``R4-T2``).
Standings are never stored as a source of truth: they are recomputed from
those rows by ``tournaments.standings``; ``Participant.final_place`` is
only the published copy of the final placings.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.closed_names import closed_names_shown
from core.name_lists import names_text
from games.models import TimeoutPolicy

from .types import GameResult

MAX_CAPACITY = 1024
MAX_ROUNDS = 30
MAX_CLUB_NAME = 80
MAX_TOURNAMENT_NAME = 120
#: A club's or a tournament's description, as the API takes it.
MAX_DESCRIPTION = 5000
#: Why a player left or a result was decided, as the tournament log keeps it.
MAX_REASON = 500
#: The settings every game of a tournament gets as its clock.
TIME_CONTROL_FIELDS = (
    "days_per_move",
    "bank_initial_days",
    "bank_increment_days",
    "bank_cap_days",
    "weekends_off",
    "vacation_allowed",
)


def game_name(slug: str) -> str:
    from games.engine import get_rules

    try:
        return get_rules(slug).name
    except (KeyError, ImportError):
        return slug


class Club(models.Model):
    class JoinPolicy(models.TextChoices):
        OPEN = "open", _("Anyone may join")
        REQUEST = "request", _("By request (organisers approve)")
        INVITATION = "invitation", _("By invitation only")

    name = models.CharField(max_length=MAX_CLUB_NAME, unique=True, verbose_name=_("name"))
    description = models.TextField(blank=True, verbose_name=_("description"))
    join_policy = models.CharField(
        max_length=16, choices=JoinPolicy.choices, default=JoinPolicy.OPEN, verbose_name=_("join policy")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club-detail", args=[self.pk])


class ClubMembership(models.Model):
    """A user's place in a club: a member or an organiser, or a pending
    request to join, or an invitation not answered yet."""

    class Role(models.TextChoices):
        MEMBER = "member", _("Member")
        ORGANISER = "organiser", _("Organiser")

    class Status(models.TextChoices):
        ACTIVE = "active", _("Member")
        REQUESTED = "requested", _("Asked to join")
        INVITED = "invited", _("Invited")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_memberships",
        verbose_name=_("user"),
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER, verbose_name=_("role"))
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE, verbose_name=_("status"))
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("invited by"),
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    joined_at = models.DateTimeField(null=True, blank=True, verbose_name=_("joined at"))

    class Meta:
        verbose_name = _("club membership")
        verbose_name_plural = _("club memberships")
        ordering = ["club", "-role", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="club_membership_once"),
        ]

    def __str__(self) -> str:
        return gettext("%(user)s in %(club)s (%(status)s)") % {
            "user": self.user,
            "club": self.club,
            "status": self.get_status_display(),
        }

    @property
    def is_organiser(self) -> bool:
        return self.status == self.Status.ACTIVE and self.role == self.Role.ORGANISER


#: Each format's name inside a sentence (``Tournament.format_in_text``).
FORMATS_IN_TEXT = {
    "single_elimination": pgettext_lazy("format in a sentence", "single elimination"),
    "double_elimination": pgettext_lazy("format in a sentence", "double elimination"),
    "round_robin": pgettext_lazy("format in a sentence", "round robin"),
    "swiss": pgettext_lazy("format in a sentence", "Swiss"),
}


class Tournament(models.Model):
    class Format(models.TextChoices):
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Registration(models.TextChoices):
        ANYONE = "anyone", _("Anyone")
        MEMBERS = "members", _("Club members")
        INVITED = "invited", _("Invited players")

    class Seeding(models.TextChoices):
        RATING = "rating", _("By rating")
        RANDOM = "random", _("Random draw")
        MANUAL = "manual", _("Order set by the organisers")

    class Pairing(models.TextChoices):
        DUTCH = "dutch", _("Dutch system (top half meets bottom half)")
        MONRAD = "monrad", _("Monrad (1 meets 2, 3 meets 4)")

    club = models.ForeignKey(
        Club,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournaments",
        help_text=_("Empty for a site-wide tournament (staff only)."),
        verbose_name=_("club"),
    )
    name = models.CharField(max_length=MAX_TOURNAMENT_NAME, verbose_name=_("name"))
    description = models.TextField(blank=True, verbose_name=_("description"))
    game = models.CharField(max_length=32, help_text=_("Registry slug of the game."), verbose_name=_("game"))
    players_per_table = models.PositiveSmallIntegerField(default=2, verbose_name=_("players per table"))
    format = models.CharField(max_length=24, choices=Format.choices, verbose_name=_("format"))
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Swiss only: the number of rounds."), verbose_name=_("rounds")
    )
    double_round_robin = models.BooleanField(
        default=False,
        help_text=_("Round robin of two-player games: everyone meets twice."),
        verbose_name=_("double round robin"),
    )
    pairing_system = models.CharField(
        max_length=8,
        choices=Pairing.choices,
        default=Pairing.DUTCH,
        help_text=_("Swiss of two-player games: how the rounds are paired."),
        verbose_name=_("pairing system"),
    )
    third_place = models.BooleanField(
        default=False,
        help_text=_("Single elimination of two-player games: a third-place game."),
        verbose_name=_("third place"),
    )
    late_registration = models.BooleanField(
        default=False,
        help_text=_("Swiss: players may register themselves while it runs, playing from the next round."),
        verbose_name=_("late registration"),
    )
    advance = models.PositiveSmallIntegerField(
        default=1,
        help_text=_("Tables of more than two: how many of each table go through."),
        verbose_name=_("advance"),
    )
    days_per_move = models.PositiveSmallIntegerField(default=3, verbose_name=_("days per move"))
    # The rest of the time control, as a casual game has it
    # (``games.timing.clock``) and copied to every game the tournament
    # creates (``time_control``): without a bank each turn gets
    # ``days_per_move``; with one (``bank_initial_days`` set) a seat starts
    # with that many days, gains ``bank_increment_days`` after each turn and
    # never holds more than ``bank_cap_days``.
    bank_initial_days = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("bank initial days"))
    bank_increment_days = models.PositiveSmallIntegerField(default=0, verbose_name=_("bank increment days"))
    bank_cap_days = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("bank cap days"))
    # No clock from Saturday 00:00 to Monday 00:00 in each player's time zone.
    weekends_off = models.BooleanField(default=False, verbose_name=_("weekends off"))
    timeout_policy = models.CharField(
        max_length=16, choices=TimeoutPolicy.choices, default=TimeoutPolicy.AUTO, verbose_name=_("timeout policy")
    )
    vacation_allowed = models.BooleanField(default=True, verbose_name=_("vacation allowed"))
    rated = models.BooleanField(default=False, verbose_name=_("rated"))
    registration_opens_at = models.DateTimeField(null=True, blank=True, verbose_name=_("registration opens at"))
    registration_closes_at = models.DateTimeField(verbose_name=_("registration closes at"))
    capacity = models.PositiveSmallIntegerField(default=16, verbose_name=_("capacity"))
    registration = models.CharField(
        max_length=16, choices=Registration.choices, default=Registration.ANYONE, verbose_name=_("registration")
    )
    seeding = models.CharField(
        max_length=16, choices=Seeding.choices, default=Seeding.RATING, verbose_name=_("seeding")
    )
    round_days = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Hard deadline: days each round may take (empty: none)."),
        verbose_name=_("round days"),
    )
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.REGISTRATION, verbose_name=_("status")
    )
    # Drawn at the start; decides a random seeding, so the draw can be checked.
    draw_seed = models.BigIntegerField(null=True, blank=True, verbose_name=_("draw seed"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    # Set while an organiser has paused the tournament (services.pause).
    paused_at = models.DateTimeField(null=True, blank=True, verbose_name=_("paused at"))
    # While paused: seat id -> the start of the turn whose clock was stopped.
    paused_seats = models.JSONField(default=dict, blank=True, verbose_name=_("paused seats"))

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "registration_closes_at"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament-detail", args=[self.pk])

    @property
    def game_name(self) -> str:
        return game_name(self.game)

    @property
    def format_in_text(self) -> str:
        """The format's name inside a sentence ("Alta, round robin"): lower
        case, but for Swiss, a proper name."""
        return str(FORMATS_IN_TEXT.get(self.format, self.get_format_display()))

    @property
    def is_bracket(self) -> bool:
        """Two-player elimination: a fixed bracket, advanced game by game."""
        return self.players_per_table == 2 and self.format in (
            self.Format.SINGLE_ELIMINATION,
            self.Format.DOUBLE_ELIMINATION,
        )

    @property
    def has_standings(self) -> bool:
        """Formats ranked by points (the others by placings)."""
        return self.format == self.Format.SWISS or (
            self.format == self.Format.ROUND_ROBIN and self.players_per_table == 2
        )

    def time_control(self) -> dict:
        """The time control of the tournament's games: the keyword arguments
        ``games.services.match_create_seated`` takes for it (checked at
        creation by ``games.timing.clock.time_control_clean``)."""
        return {name: getattr(self, name) for name in TIME_CONTROL_FIELDS}

    def registration_open(self, now) -> bool:
        return (
            self.status == self.Status.REGISTRATION
            and (self.registration_opens_at is None or self.registration_opens_at <= now)
            and now < self.registration_closes_at
        )


class TournamentInvitation(models.Model):
    """Who may register in a tournament open to invited players only."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("tournament")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("invited by")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))

    class Meta:
        verbose_name = _("tournament invitation")
        verbose_name_plural = _("tournament invitations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="tournament_invitation_once"),
        ]

    def __str__(self) -> str:
        return gettext("%(user)s invited to %(tournament)s") % {"user": self.user, "tournament": self.tournament}


class EmailInvitation(models.Model):
    """An invitation sent to an email address an organiser typed, whether
    an account uses it or not (the organiser is never told): its link
    (``token``) leads to signing in or up, then to what it invites to.
    Like a game's invitation by email, it is for whoever holds the link.
    An organiser may take it back (a mistyped address): its link then
    does nothing; the row stays, so that taking back never frees the
    day's allowance of invitations by address, and inviting the address
    again makes a new one."""

    email = models.EmailField(verbose_name=_("email address"))
    token = models.CharField(max_length=40, unique=True, verbose_name=_("token"))
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("invited by")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    accepted_at = models.DateTimeField(null=True, blank=True, verbose_name=_("accepted at"))
    taken_back_at = models.DateTimeField(null=True, blank=True, verbose_name=_("taken back at"))
    #: When its mail bounced for good (a mistyped address): the inviter was
    #: told, and the organiser's list says so.
    bounced_at = models.DateTimeField(null=True, blank=True, verbose_name=_("bounced at"))

    #: Its mail's ``dedupe_key`` is ``f"{MAIL_KEY}:{pk}"`` (set by each kind).
    MAIL_KEY = ""

    class Meta:
        abstract = True

    @property
    def mail_key(self) -> str:
        """The ``dedupe_key`` of the mail that carries it (sent once)."""
        return f"{self.MAIL_KEY}:{self.pk}"


#: An invitation by email neither used nor taken back (its link still works).
open_invitation = models.Q(accepted_at__isnull=True, taken_back_at__isnull=True)


class ClubEmailInvitation(EmailInvitation):
    """An invitation to a club by email: its link joins the club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="email_invitations", verbose_name=_("club"))

    MAIL_KEY = "club-email-invitation"

    class Meta:
        verbose_name = _("club invitation by email")
        verbose_name_plural = _("club invitations by email")
        constraints = [
            # One open invitation per address; each used or taken back keeps its row (and counts for the day).
            models.UniqueConstraint(
                fields=["club", "email"],
                condition=models.Q(accepted_at__isnull=True, taken_back_at__isnull=True),
                name="club_email_invitation_once",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(email)s invited to %(club)s") % {"email": self.email, "club": self.club}

    @property
    def target(self) -> Club:
        """What the invitation is to."""
        return self.club


class TournamentEmailInvitation(EmailInvitation):
    """An organiser's invitation to a tournament by email: its link enters
    the tournament (registered, or a late entry once it runs), or takes
    over ``participant``'s place when it replaces them
    (``services.tournament_email``).  Counted against the inviter's daily
    allowance of invitations by address with the clubs' invitations."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="email_invitations", verbose_name=_("tournament")
    )
    #: The place the invited player takes over (a replacement); else None.
    participant = models.ForeignKey(
        "Participant",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("place to take over"),
    )

    MAIL_KEY = "tournament-email-invitation"

    class Meta:
        verbose_name = _("tournament invitation by email")
        verbose_name_plural = _("tournament invitations by email")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "email"],
                condition=models.Q(accepted_at__isnull=True, taken_back_at__isnull=True),
                name="tournament_email_invitation_once",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(email)s invited to %(tournament)s") % {"email": self.email, "tournament": self.tournament}

    @property
    def late_entry(self) -> bool:
        """Whether it enters a running Swiss from its next round: sent once
        the tournament had started, replacing no one
        (``services.participant_add_late``)."""
        started_at = self.tournament.started_at
        return self.participant_id is None and started_at is not None and self.created_at >= started_at

    @property
    def target(self) -> Tournament:
        """What the invitation is to."""
        return self.tournament


#: The reasons for leaving that the site itself gives (English msgids): shown
#: in each reader's language, where a reason someone typed is shown as typed.
ACCOUNT_CLOSED = gettext_noop("account closed")
#: A player dropped from a game for missing deadlines (``services.leaving``).
DROPPED_FOR_DEADLINES = gettext_noop("missed too many deadlines in a row")
SITE_REASONS = frozenset({ACCOUNT_CLOSED, DROPPED_FOR_DEADLINES})


def shown_reason(reason: str) -> str:
    """``reason`` in the active language when the site gave it
    (``SITE_REASONS``); as typed otherwise."""
    return gettext(reason) if reason in SITE_REASONS else reason


class Participant(models.Model):
    """A registered player.  Its id is the ``PlayerId`` of the pure pairing."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        WITHDRAWN = "withdrawn", _("Withdrew")
        DISQUALIFIED = "disqualified", _("Disqualified")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="participants", verbose_name=_("tournament")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
        verbose_name=_("user"),
    )
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.REGISTERED, verbose_name=_("status")
    )
    registered_at = models.DateTimeField(verbose_name=_("registered at"))
    manual_position = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("manual position"))
    seed = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("seed"))
    rating_at_start = models.IntegerField(null=True, blank=True, verbose_name=_("rating at start"))
    left_at = models.DateTimeField(null=True, blank=True, verbose_name=_("left at"))
    left_reason = models.CharField(max_length=MAX_REASON, blank=True, verbose_name=_("left reason"))
    final_place = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("final place"))

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["tournament", "seed", "registered_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="participant_once"),
        ]

    def __str__(self) -> str:
        return str(self.user)

    @property
    def withdrawn(self) -> bool:
        return self.status != self.Status.REGISTERED

    @property
    def shown_left_reason(self) -> str:
        return shown_reason(self.left_reason)

    @property
    def withdrawn_by_site(self) -> bool:
        """Withdrawn by the site, not by themselves: dropped from a game for
        missing deadlines (the organisers may let them back in)."""
        return self.status == self.Status.WITHDRAWN and self.left_reason == DROPPED_FOR_DEADLINES


class Round(models.Model):
    """A round (for brackets: a schedule step).  Its hard deadline, when the
    tournament has one, is ``round_days`` after its last game started."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    started_at = models.DateTimeField(verbose_name=_("started at"))
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("deadline at"))
    # Organisers were told the deadline passed (cleared by an extension).
    deadline_notified_at = models.DateTimeField(null=True, blank=True, verbose_name=_("deadline notified at"))
    # Unfinished games were handed to the engine's default moves.
    autoplay_started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("autoplay started at"))
    completed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("completed at"))

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_once"),
        ]

    def __str__(self) -> str:
        return gettext("%(tournament)s round %(number)s") % {"tournament": self.tournament, "number": self.number}


class TournamentGame(models.Model):
    """One game of a tournament: a match, a bye or a game not played.

    ``players`` are participant ids in seat order (the match's engine seat
    order once it exists).  ``ranking`` groups the players who played, best
    first; ``forfeited`` lists those who did not.  Both stay empty until the
    result is known.
    """

    class Source(models.TextChoices):
        GAME = "game", _("Played")
        BYE = "bye", _("Bye")
        HALF_BYE = "half_bye", _("Half-point bye (requested)")
        FORFEIT = "forfeit", _("Not played (forfeit)")
        MANUAL = "manual", _("Set by an organiser")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="games", verbose_name=_("tournament")
    )
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games", verbose_name=_("round"))
    key = models.CharField(max_length=16, verbose_name=_("key"))
    match = models.OneToOneField(
        "games.Match",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_game",
        verbose_name=_("match"),
    )
    players = models.JSONField(default=list, verbose_name=_("players"))
    ranking = models.JSONField(null=True, blank=True, verbose_name=_("ranking"))
    forfeited = models.JSONField(default=list, blank=True, verbose_name=_("forfeited"))
    source = models.CharField(max_length=16, choices=Source.choices, blank=True, verbose_name=_("source"))
    reason = models.CharField(max_length=MAX_REASON, blank=True, verbose_name=_("reason"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))
    created_at = models.DateTimeField(verbose_name=_("created at"))

    #: Not a field: the players' names by place, set for display by
    #: ``selectors.recent_results``.
    ranking_names: list[list[str]]

    class Meta:
        verbose_name = _("tournament game")
        verbose_name_plural = _("tournament games")
        ordering = ["tournament", "round__number", "pk"]
        constraints = [
            # Keys name the round ("R2-T1", "W3-2", "GF1"), so one key per
            # tournament is the (tournament, round, table) guarantee: a
            # repeated or concurrent pairing cannot create a game twice.
            models.UniqueConstraint(fields=["tournament", "key"], name="tournament_game_key_once"),
        ]
        indexes = [
            models.Index(
                fields=["tournament"],
                condition=Q(ranking__isnull=True),
                name="tournament_game_undecided",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} {self.key}"

    @property
    def decided(self) -> bool:
        return self.ranking is not None

    def result(self) -> GameResult:
        """The pure value of a decided game (``tournaments.types``)."""
        return GameResult(
            round=self.round.number,
            table=tuple(self.players),
            ranking=tuple(tuple(group) for group in self.ranking or ()),
            forfeited=frozenset(self.forfeited),
            key=self.key,
            half_point=self.source == self.Source.HALF_BYE,
        )


class Substitution(models.Model):
    """A player replaced during a tournament: ``user`` took over the seat of
    ``previous_user`` (the participant, and every result, stay the same)."""

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="substitutions")
    previous_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The round being played when the substitute came in (0: before round 1).
    round = models.PositiveSmallIntegerField(default=0)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["participant", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user} for {self.previous_user}"


class ByeRequest(models.Model):
    """A player asked to sit a Swiss round out for half a point."""

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="bye_requests")
    round = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["participant", "round"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "round"], name="bye_request_once"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} bye in round {self.round}"


class ManualPairing(models.Model):
    """A round as an organiser paired it by hand, before it started:
    ``tables`` are lists of participant ids in seat order (the first moves
    first), ``byes`` ids.  A Swiss round is made from it when its time
    comes; in the other formats it sets the seat order of the format's
    tables (``pairing.manual``, ``services.manual``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="manual_pairings")
    round = models.PositiveSmallIntegerField()
    tables = models.JSONField(default=list)
    byes = models.JSONField(default=list, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round"], name="manual_pairing_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} (by hand)"


class TournamentEvent(models.Model):
    """The tournament's log: what happened, who did it, and why."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="events", verbose_name=_("tournament")
    )
    kind = models.CharField(max_length=32, verbose_name=_("kind"))
    text = models.CharField(max_length=1000, verbose_name=_("text"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("user"),
    )
    data = models.JSONField(default=dict, blank=True, verbose_name=_("data"))
    created_at = models.DateTimeField(verbose_name=_("created at"))

    class Meta:
        verbose_name = _("tournament event")
        verbose_name_plural = _("tournament events")
        ordering = ["tournament", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.shown_text}"

    @property
    def names_its_actor(self) -> bool:
        """Whether the line already names ``user`` (as ``%(by)s`` or any
        name parameter): the page then adds no "(by ...)"."""
        if self.user is None:
            return False
        values = (self.data.get("params") or {}).values()
        return any(str(self.user) in (value if isinstance(value, list) else [value]) for value in values)

    @property
    def shown_text(self) -> str:
        """The line in the active language (``services.common.log``; a
        plural line worded for its ``count``); a row logged before lines
        were translatable reads as it was written."""
        message = self.data.get("message")
        if not message:
            return closed_names_shown(self.text)
        stored = self.data.get("params")
        if not stored:
            return gettext(message)
        # A closed account's name (in a name parameter) in the reader's language;
        # a list of names joined in it too.
        params = {key: _param_shown(value) for key, value in stored.items()}
        # Parameters that are msgids themselves (a reason the site gave),
        # which may use the line's other parameters.
        translated = {key: gettext(stored[key]) % params for key in self.data.get("translated", ())}
        plural = self.data.get("plural")
        template = ngettext(message, plural, int(stored["count"])) if plural else gettext(message)
        return template % {**params, **translated}


def _param_shown(value):
    """A stored log param in the active language: a closed account's name
    as its reader reads it, a list of names as a sentence lists them."""
    if isinstance(value, list):
        return names_text(closed_names_shown(str(name)) for name in value)
    return closed_names_shown(value) if isinstance(value, str) else value
