"""Ratings per game kind, the changes each rated game made, and ladders.

``RatingChange`` rows are the ledger: a ``Rating`` is always what replaying
its user's changes in finish order gives (``ratings_rebuild`` proves it).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models import Match, TimeoutPolicy
from games.timing.limits import MAX_DAYS_PER_MOVE

from .calculator import MASTER_RATING, START_RATING, is_provisional, rating_display

MAX_CAPACITY = 10


def game_choices() -> list[tuple[str, str]]:
    """Games a ladder can be for: those people can play on the site."""
    from games.boards import playable_slugs
    from games.engine import get_rules

    return [(slug, get_rules(slug).name) for slug in playable_slugs()]


def game_name(slug: str) -> str:
    from games.engine import get_rules

    try:
        return get_rules(slug).name
    except (KeyError, ImportError):
        return slug


class RatingPool(models.Model):
    """One row per game kind.

    Every rating update of a kind locks this row first, so the updates of a
    kind happen one at a time, in a known order; it remembers the finish key
    ``(finished_at, match id)`` of the last game applied, which tells an
    update that arrives out of finish order (and must replay) from one that
    simply comes next.
    """

    game = models.CharField(max_length=32, unique=True)
    last_finished_at = models.DateTimeField(null=True, blank=True)
    last_match_id = models.BigIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{game_name(self.game)} rating pool"


class Rating(models.Model):
    """A user's current rating in one game kind (absent: 1500, no games)."""

    # No separate index: the unique (user, game) constraint serves user lookups.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        db_index=False,
        verbose_name=_("user"),
    )
    game = models.CharField(max_length=32, verbose_name=_("game"))
    # Full precision; pages round (``display``).
    value = models.FloatField(default=START_RATING, verbose_name=_("value"))
    games = models.PositiveIntegerField(default=0, verbose_name=_("games"))
    peak = models.FloatField(default=START_RATING, verbose_name=_("peak"))
    last_played_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last played at"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_one_per_user_game")]
        indexes = [models.Index(fields=["game", "-value"])]
        ordering = ["game", "-value"]

    def __str__(self) -> str:
        return f"{self.user} {self.game}: {self.display}"

    @property
    def display(self) -> str:
        return rating_display(self.value, self.games)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)

    @property
    def reached_master(self) -> bool:
        """Sticky: once at 2400 after some game, K stays 10."""
        return self.peak >= MASTER_RATING

    @property
    def game_name(self) -> str:
        return game_name(self.game)


class RatingChange(models.Model):
    """What one rated game did to one player's rating, with the arithmetic.

    Unique per (match, user): applying a game twice cannot change a rating
    twice.  ``breakdown`` lists, per opponent in seat order,
    ``{"user", "rating", "expected", "actual", "delta"}``.
    """

    # No single-column indexes on the two keys: the unique (match, user)
    # constraint and the (user, game, finished_at) index lead with them, and
    # a rebuild writes every row of the table, so each index costs.
    match = models.ForeignKey(
        Match, on_delete=models.PROTECT, related_name="rating_changes", db_index=False, verbose_name=_("match")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        db_index=False,
        verbose_name=_("user"),
    )
    game = models.CharField(max_length=32, verbose_name=_("game"))
    # Copied from the match: the replay order is (finished_at, match id).
    finished_at = models.DateTimeField(verbose_name=_("finished at"))
    old = models.FloatField(verbose_name=_("old"))
    new = models.FloatField(verbose_name=_("new"))
    delta = models.FloatField(verbose_name=_("delta"))
    k = models.PositiveSmallIntegerField(verbose_name=_("k"))
    expected = models.FloatField(
        help_text=_("Sum of the expected scores against every opponent."), verbose_name=_("expected")
    )
    actual = models.FloatField(
        help_text=_("Sum of the pairwise scores (win 1, shared result 0.5, loss 0)."), verbose_name=_("actual")
    )
    place = models.PositiveSmallIntegerField(verbose_name=_("place"))
    players = models.PositiveSmallIntegerField(verbose_name=_("players"))
    games = models.PositiveIntegerField(
        help_text=_("The player's rated games in this kind, this one included."), verbose_name=_("games")
    )
    breakdown = models.JSONField(default=list, verbose_name=_("breakdown"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="rating_change_once_per_match")]
        indexes = [
            models.Index(fields=["game", "finished_at", "match"]),
            models.Index(fields=["user", "game", "finished_at"]),
        ]
        ordering = ["finished_at", "match_id", "pk"]

    def __str__(self) -> str:
        return f"{self.user} {self.game} #{self.match_id}: {signed_delta(self.delta)}"

    @property
    def k_pair(self) -> float:
        return 2 * self.k / self.players

    @property
    def old_display(self) -> str:
        return rating_display(self.old, self.games - 1)

    @property
    def new_display(self) -> str:
        return rating_display(self.new, self.games)

    @property
    def delta_display(self) -> str:
        return signed_delta(self.delta)

    @property
    def delta_trend(self) -> str:
        """The change's CSS class, "gain", "loss" or "even", as its shown
        (rounded) value reads: a change shown as "±0.0" is coloured as neither."""
        return delta_trend(self.delta)


def delta_trend(delta: float) -> str:
    """Whether ``delta`` reads as a gain, a loss or neither once rounded to
    the one decimal ``signed_delta`` shows."""
    shown = round(delta, 1)
    return "gain" if shown > 0 else "loss" if shown < 0 else "even"


def signed_delta(delta: float) -> str:
    """A rating change with its sign, rounded to one decimal, in the active
    language's number format ("+32,3" in Dutch).  A change that rounds to
    nothing reads "±0.0" whichever side of zero it was (never "-0.0")."""
    # Rounded first: number_format cuts a float's decimals off.
    sign = {"gain": "+", "loss": "-", "even": "±"}[delta_trend(delta)]
    return sign + number_format(round(abs(delta), 1), 1)


class Ladder(models.Model):
    """A standing competition for one game kind and table size; staff create
    ladders in the admin, players join and are paired automatically."""

    name = models.CharField(
        max_length=80,
        unique=True,
        blank=True,
        help_text=_('Left blank: "<Game>, <N> players".'),
        verbose_name=_("name"),
    )
    game = models.CharField(max_length=32, choices=game_choices, verbose_name=_("game"))
    players = models.PositiveSmallIntegerField(help_text=_("Players at every table."), verbose_name=_("players"))
    days_per_move = models.PositiveSmallIntegerField(
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DAYS_PER_MOVE)],
        verbose_name=_("days per move"),
    )
    timeout_policy = models.CharField(
        max_length=16, choices=TimeoutPolicy.choices, default=TimeoutPolicy.AUTO, verbose_name=_("timeout policy")
    )
    active = models.BooleanField(
        default=True, help_text=_("Inactive ladders pair nobody and take no members."), verbose_name=_("active")
    )
    description = models.TextField(blank=True, verbose_name=_("description"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")
        ordering = ["game", "players", "name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.name:
            self.name = self._default_name()
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("ladder-detail", args=[self.pk])

    def clean(self) -> None:
        from games.engine import get_rules

        try:
            rules = get_rules(self.game)
        except KeyError:
            raise ValidationError({"game": ValidationError(_("Unknown game."), code="unknown_game")}) from None
        if self.players is not None and not rules.min_players <= self.players <= rules.max_players:
            message = _("%(game)s is played by %(minimum)s to %(maximum)s players.")
            limits = {"game": rules.name, "minimum": rules.min_players, "maximum": rules.max_players}
            raise ValidationError({"players": ValidationError(message, code="table_size", params=limits)})
        if not self.name and self.players is not None:
            self._name_by_default()

    def _name_by_default(self) -> None:
        """Give a blank name its default here, not only in save(): clean runs
        before the uniqueness checks, so a second ladder left blank for the
        same game and table size is refused with a form error instead of
        failing in the database."""
        self.name = self._default_name()
        if Ladder.objects.filter(name=self.name).exclude(pk=self.pk).exists():
            message = _("A ladder named “%(name)s” exists already: give this one another name.")
            raise ValidationError({"name": ValidationError(message, code="unique", params={"name": self.name})})

    def _default_name(self) -> str:
        return f"{game_name(self.game)}, {self.players} players"

    @property
    def title(self) -> str:
        """The ladder's name for a page: a name given in the admin as typed,
        the name made from the game and table size in the reader's language."""
        if self.name and self.name != self._default_name():
            return self.name
        return gettext("%(game)s, %(players)s players") % {"game": game_name(self.game), "players": self.players}

    @property
    def game_name(self) -> str:
        return game_name(self.game)


class LadderMembership(models.Model):
    """A player in a ladder; leaving keeps the row (``left_at``) so that a
    return keeps the history."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("ladder"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ladder_memberships",
        verbose_name=_("user"),
    )
    capacity = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_CAPACITY)],
        help_text=_("Ladder games the player wants running at once."),
        verbose_name=_("capacity"),
    )
    joined_at = models.DateTimeField(verbose_name=_("joined at"))
    left_at = models.DateTimeField(null=True, blank=True, verbose_name=_("left at"))
    first_joined_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When the player first joined, once they have left and rejoined (rejoining is not activity)."),
        verbose_name=_("first joined at"),
    )

    class Meta:
        verbose_name = _("ladder membership")
        verbose_name_plural = _("ladder memberships")
        constraints = [
            models.UniqueConstraint(fields=["ladder", "user"], name="ladder_member_once"),
            models.CheckConstraint(
                condition=Q(capacity__gte=1) & Q(capacity__lte=MAX_CAPACITY),
                name="ladder_capacity_range",
            ),
        ]
        ordering = ["ladder", "joined_at"]

    def __str__(self) -> str:
        return gettext("%(user)s in %(ladder)s") % {"user": self.user, "ladder": self.ladder}

    @property
    def is_current(self) -> bool:
        return self.left_at is None

    @property
    def active_since(self) -> dt.datetime:
        """When joining last counted as activity: the first join, however
        often the player left and came back since."""
        return self.first_joined_at or self.joined_at


class LadderGame(models.Model):
    """Links a ladder to a rated match it created."""

    class Origin(models.TextChoices):
        MATCHMAKING = "matchmaking", _("Matchmaking")
        CHALLENGE = "challenge", _("Challenge")

    ladder = models.ForeignKey(Ladder, on_delete=models.PROTECT, related_name="games", verbose_name=_("ladder"))
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="ladder_game", verbose_name=_("match"))
    origin = models.CharField(max_length=16, choices=Origin.choices, verbose_name=_("origin"))
    created_at = models.DateTimeField(verbose_name=_("created at"))

    class Meta:
        verbose_name = _("ladder game")
        verbose_name_plural = _("ladder games")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.ladder}: {self.match}"


class Challenge(models.Model):
    """A member asks another member, at most 10 places away, for a game."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        EXPIRED = "expired", _("Expired")
        WITHDRAWN = "withdrawn", _("Withdrawn (a player left the ladder)")
        TAKEN_BACK = "taken_back", _("Taken back by the challenger")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges", verbose_name=_("ladder"))
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="challenges_made",
        verbose_name=_("challenger"),
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="challenges_received",
        verbose_name=_("challenged"),
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, verbose_name=_("status"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    # Indexed for the expiry sweep.
    expires_at = models.DateTimeField(db_index=True, verbose_name=_("expires at"))
    answered_at = models.DateTimeField(null=True, blank=True, verbose_name=_("answered at"))
    match = models.OneToOneField(
        Match,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="ladder_challenge",
        verbose_name=_("match"),
    )

    class Meta:
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        constraints = [
            models.CheckConstraint(
                condition=~Q(challenger=models.F("challenged")),
                name="challenge_not_self",
            ),
            models.UniqueConstraint(
                fields=["ladder", "challenger", "challenged"],
                condition=Q(status="open"),
                name="challenge_one_open_per_pair",
            ),
        ]
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return gettext("%(challenger)s challenges %(challenged)s (%(ladder)s)") % {
            "challenger": self.challenger,
            "challenged": self.challenged,
            "ladder": self.ladder,
        }

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN
