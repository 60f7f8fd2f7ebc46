"""The database's tables: one definition, read by the store, the migrations and the tools.

The schema changes only through a migration (``meeples/server/migrations``, see
:mod:`meeples.server.schema`): a column or a table added here gets its revision there, and
``tests/server/test_migrations.py`` checks that the migrations make exactly these tables.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=True),  # older rows' seeds (see seed_text)
    Column("options", Text, nullable=True),
    Column("position", Text, nullable=True),
    Column("seats", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),
    Column("bot_speed", String(16), nullable=True),  # None: normal
    # The match lifecycle (:mod:`meeples.server.lifecycle`):
    Column("hints", Boolean, nullable=True),  # None: an older match, hints allowed
    Column("warm_after", Float, nullable=True),  # None: no bot keeps an absent seat warm
    Column("warm_level", String(16), nullable=True),
    Column("rematch", String(32), nullable=True),  # the id of the rematch, once offered
    Column("moved", Float, nullable=True),  # when the last event was stored (actions: ``at``)
    # The secret seed as decimal text (a dealer's seed has 256 bits, more than BigInteger):
    # None in rows made before it, whose seed is in the column "seed".
    Column("seed_text", Text, nullable=True),
    # The version of the game's rules the match is played under (Rules.rules_version): None
    # in rows made before games declared one, played under version 1. A column, not a key of
    # the JSON columns: "options" are handed to the game as they are.
    Column("rules_version", Integer, nullable=True),
    # The game whose guided first game the match is (meeples.core.tutorial), or None.
    Column("tutorial", String(32), nullable=True),
    # The client address that created the match (as the per-address limits see it), for
    # ``meeples admin list --address``; None: made before it was kept, or by a program.
    Column("address", String(64), nullable=True),
    # The players allowed the finished match into ``meeples export``'s research dataset (chosen
    # at creation, shown to everyone who joins); None: an older row, not allowed.
    Column("research", Boolean, nullable=True),
    # Clocks (issue 25; :mod:`meeples.server.clocks`): the time control as JSON
    # (``{"initial", "increment", "timeout"}``), None for an untimed match, and the clocks
    # themselves (each seat's time left, the running seat and its deadline), written with the
    # action or event that changes them.
    Column("clock", Text, nullable=True),
    Column("clocks", Text, nullable=True),
    # Whether the match is rated and how far (:mod:`meeples.server.ratings`): None, not rated;
    # "pending" until its end is rated, then "applied", or "void" (nothing rated: a human seat
    # unbound at the end, or stopped by the operator).
    Column("rating", String(16), nullable=True),
    # Who reads the table chat (:mod:`meeples.server.chat`): "players", "table" (the players
    # write, spectators read) or "off"; None: a match made before chat, its players'.
    Column("chat", String(16), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    # Played by the server for the seat by its anytime setting, not decided by its player.
    Column("passed", Boolean, nullable=True),  # None: an older row, decided
    Column("at", Float, nullable=True),  # when it was stored (None: an older row)
    # Decided by a bot for the seat (a bot's seat, a seat kept warm, a resigned seat): no undo
    # of its player takes it back. None: an older row, decided by whoever held the seat.
    Column("bot", Boolean, nullable=True),
)

#: The actions taken back by an undo, in the order they were played: ``undo`` numbers the undo
#: operations of a match (1, 2...), ``undone_by`` is the seat that asked, ``undone_at`` the time.
undone = Table(
    "undone",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("undo", Integer, primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    Column("passed", Boolean, nullable=True),
    Column("bot", Boolean, nullable=True),
    Column("undone_by", Integer, nullable=True),
    Column("undone_at", Float, nullable=False),
)

#: What happened to a match besides its actions, in order (``number`` 1, 2...): a seat resigned,
#: a bot began or stopped keeping an absent seat warm, a rematch was offered (``kind``); ``ply``
#: is how many actions were played before it, ``level`` the bot's level, ``data`` a JSON object.
events = Table(
    "events",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("ply", Integer, nullable=False),
    Column("level", String(16), nullable=True),
    Column("at", Float, nullable=False),
    Column("data", Text, nullable=True),
)

#: The writer of each match among several workers: ``epoch`` grows by one at each takeover.
writers = Table(
    "writers",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("epoch", Integer, nullable=False),
    Column("worker", String(128), nullable=False),
)

#: Client addresses refused at the door (``meeples admin ban``): an address or a network in
#: CIDR form (``203.0.113.0/24``), why, when and by whom.
bans = Table(
    "bans",
    metadata,
    Column("address", String(64), primary_key=True),
    Column("reason", Text, nullable=True),
    Column("at", Float, nullable=False),
    Column("by", String(128), nullable=False),
)

#: Every operator's action (``meeples admin``), in order: what (``action``: ban, unban,
#: abandon, delete), on what (``target``: an address or a match id), when, by whom, and a JSON
#: ``detail``. Running servers read the new rows every second (:mod:`meeples.server.door`):
#: that is how a ban or an abandoned match reaches every worker.
admin_log = Table(
    "admin_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("action", String(16), nullable=False),
    Column("target", String(64), nullable=False),
    Column("by", String(128), nullable=False),
    Column("detail", Text, nullable=True),
)

#: Player accounts (issue 25; :mod:`meeples.server.accounts`): a random ``id`` (never reused, so a
#: deleted account's id opens nothing ever again), the ``name`` as typed and its ``name_key``
#: (NFKC, casefolded: what makes two names the same), the argon2 hash of the password (never the
#: password itself), and when it was made. Nothing else is kept: no e-mail, no address.
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),
    Column("password_hash", String(256), nullable=False),
    Column("created", Float, nullable=False),
)

#: Signed-in sessions (:mod:`meeples.server.sessions`): the SHA-256 of the session id the
#: browser holds in its cookie (the id itself is never stored), the account and when it began.
sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False),
    Column("created", Float, nullable=False),
    Index("ix_sessions_account_id", "account_id"),
)

#: Seats bound to an account: created, claimed or first taken up while signed in. The account
#: takes such a seat up from any device with its session alone; its token still opens it too.
#: Deleting the account deletes its rows: the seats are then opened by their tokens alone.
seat_accounts = Table(
    "seat_accounts",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False),
    Column("bound", Float, nullable=False),
    Index("ix_seat_accounts_account_id", "account_id"),
)

#: What an account wants to be told by e-mail (issue 25, point 3; :mod:`meeples.server.alerts`):
#: the address it gave, whether it wants a mail when its turn starts (``turn``) and when its
#: time runs low (``low_time``), the language its mails are written in, and when it changed.
#: Deleting the account deletes its row.
account_alerts = Table(
    "account_alerts",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("turn", Boolean, nullable=False),
    Column("low_time", Boolean, nullable=False),
    Column("language", String(8), nullable=False),
    Column("changed", Float, nullable=False),
)

#: The alert mails decided, one row per match, turn, account and kind ("turn", "low_time"):
#: ``ply`` is the number of actions played when the turn began. The primary key is what makes
#: a mail go out at most once per match and turn, across workers and restarts: whoever inserts
#: the row sends the mail. ``sent`` is when the SMTP server took it (None: not yet, or never).
alerts_sent = Table(
    "alerts_sent",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("account_id", String(32), primary_key=True),
    Column("kind", String(16), primary_key=True),
    Column("at", Float, nullable=False),
    Column("sent", Float, nullable=True),
)

#: The server's own secrets, made once and shared by every worker on the database: ``name``
#: "unsubscribe" holds the HMAC key of the unsubscribe links in alert mails.
server_secrets = Table(
    "server_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

#: Each account's rating per game (:mod:`meeples.server.ratings`): OpenSkill Plackett-Luce's
#: ``mu`` and ``sigma``, how many rated games it counts and when it last changed. Deleting the
#: account deletes its rows.
ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ix_ratings_game_mu", "game", "mu"),
)

#: What each rated match changed, one row per account (the key: a match rates an account once,
#: whichever worker or restart sees its end): the seat, the rating before and after. Deleting
#: the account deletes its rows.
rating_changes = Table(
    "rating_changes",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("account_id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_rating_changes_account_id", "account_id"),
)
#: Table chat (issue 25, point 5; :mod:`meeples.server.chat`): each message of a match in order
#: (``seq`` 1, 2...), the seat that wrote it, the account's id and name if the writer was signed
#: in, the text exactly as sent (never interpreted: the browser shows it as text), when, the
#: writer's address (for an operator's ban) and whether an operator hid it (then never sent).
chat_messages = Table(
    "chat_messages",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("account_id", String(32), nullable=True),
    Column("name", String(32), nullable=True),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("address", String(64), nullable=True),
    Column("hidden", Boolean, nullable=False, default=False),
)

#: The seats a seat muted in a match's chat: their messages are not sent to its connections.
chat_mutes = Table(
    "chat_mutes",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("muted", Integer, primary_key=True),
    Column("at", Float, nullable=False),
)

#: Chat messages reported to the operators by a player (``meeples admin chat-reports``).
chat_reports = Table(
    "chat_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),  # the reporter's seat
    Column("account_id", String(32), nullable=True),  # the reporter's account, if signed in
    Column("at", Float, nullable=False),
)

#: Who may not write in any chat (``meeples admin chat-ban``): an account (``account`` kind, its
#: id) or an address or network in CIDR form (``address`` kind); they still play.
chat_bans = Table(
    "chat_bans",
    metadata,
    Column("target", String(64), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("reason", Text, nullable=True),
    Column("at", Float, nullable=False),
    Column("by", String(128), nullable=False),
)
