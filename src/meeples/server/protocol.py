"""Wire messages: what clients send (checked by pydantic) and what the server sends back.

Client to server, JSON objects with a ``type``:

- ``{"type": "hello", "tokens": ["..."]}`` first, on every (re)connection: the seats of the
  tokens and, when a page of this site opened the connection with a session cookie, the seats
  bound to that account (docs/accounts.md); neither: spectator;
- ``{"type": "act", "action": "b2-d4", "version": 12}`` the action string and the version seen;
- ``{"type": "hint"}`` the best few actions, for the seat to move;
- ``{"type": "settings", "anytime": "ask" | "own" | "never"}`` when the server should decline an
  "at any time" decision for the seats of this connection (ask at every opportunity, only on
  one's own turn, never): it then plays the game's ``anytime`` action for them, recorded;
- ``{"type": "undo", "version": N}`` (version optional) take back the last decision of one of
  this connection's seats, with the actions the server passed after it;
- ``{"type": "sync"}`` send me a snapshot (an update did not follow the state I hold);
- ``{"type": "resign", "seat": s}`` (seat optional) resign a seat this connection holds: with
  two players the other wins, with more a bot plays the seat out and it ranks last;
- ``{"type": "rematch", "swap"?: bool}`` once the match is over, offer a rematch with the same
  seats, or each player in the next seat with ``swap`` (or learn
  the one offered already): the server answers ``{"type": "rematch", "id": ...}``; the human
  seats' tokens open the same seats of the new match;
- ``{"type": "chat", "text": "..."}`` write in the table chat (a seat's connection only);
  ``{"type": "chat_mute", "seat": s, "muted": bool}`` stop or start receiving a seat's messages;
  ``{"type": "chat_report", "seq": n}`` report a message to the operators (docs/chat.md);
- ``{"type": "ping"}``.

Server to client:

- ``{"type": "state", "match", "version": N, "game", "title", "seats": [...], "seat": s,
  "to_move", "view": {...}, "private": bool, "players": [...], "outcome", "summary",
  "prompt": {...}, "anytime": action | null, "undo": bool, "settings": {"anytime": ...} | null,
  <the lifecycle fields>, "log": [...], "legal": [...]}``, a snapshot, after hello, a stale
  action, a sync and an undo;
- ``{"type": "update", "match", "version": N, "base": B, "seat", "to_move", "view", "private",
  "players", "outcome", "summary", "prompt", "anytime", "undo", "settings", <the lifecycle
  fields>, "entries": [...], "legal": [...]}`` after every other change: the log entries
  played since version B, the rest as a snapshot of version N has it. It applies only to the
  state of version B (:func:`apply_update`); a client that holds another asks for a snapshot
  (sync).

  Each legal action is ``{"action", "parts", "msg"}`` (its structured parts and its description as
  a message; only the seat to move gets any), each log entry ``{"ply", "seat", "action", "parts",
  "msg", "passed", "effects"}`` (``passed``: played by the server by the seat's anytime setting;
  ``effects``: what the action caused beyond itself, a list of messages, possibly empty: battles,
  losses, points, events, the end), ``prompt`` what the player to move must decide, ``anytime``
  the action that declines an "at any time" decision (or null), ``undo`` whether this connection
  may undo now, ``settings`` the settings of the seat shown (null for a spectator). ``version``
  grows with every change, an undo included (the number of actions is the ply of the last entry
  plus one); ``private``: the view shows more than a spectator's, so a hotseat screen hides it
  until the right person holds the device. A snapshot carries the last :data:`LOG_TAIL` entries of
  the log. ``summary``: the score sheet, during play and at the end (``meeples.core.score``:
  ``{"lines": [{"label": msg, "points": [per seat], "counted": bool}], "total": {"label": msg,
  "points": [...]} | null, "target": the total that wins | null}``); ``round``: the rounds begun
  (null in a game that keeps no round count). The lifecycle fields
  (:func:`meeples.server.lifecycle.fields`): ``events`` (resignations, seats kept warm by a bot
  and handed back, the rematch offer, each ``{"ply", "seat", "kind", "msg"}`` shown after the
  action ``ply`` - 1), ``resigned`` (resigned or out on time), ``timed_out`` (out on time),
  ``kept_warm``, ``warm`` (the match's warm-seat settings,
  ``{"after": seconds, "level"}``, or null), ``hints`` (whether hints are allowed),
  ``can_resign``, ``rematch`` (``{"id", "by"}`` once offered) and ``rated`` (null, or a rated
  match's ``{"state": "pending" | "applied" | "void", "msg"}``; its ``players`` then carry each
  bound seat's ``account`` name and ``rating``, and each bot's fixed ``rating``:
  :mod:`meeples.server.ratings`). ``clocks``: null in an
  untimed match, else ``{"initial", "increment", "timeout", "seconds": [per seat, null for a
  seat with no clock], "running": seat | null, "bot": seat | null}`` (each seat's seconds left
  when the message was made, the seat whose clock runs, a seat whose turn a bot plays after its
  time ran out: :mod:`meeples.server.clocks`, docs/clocks.md); a timeout is an event of kind
  ``timeout``;
- ``{"type": "hint", "version": N, "hints": [{"action", "msg", "value"}, ...]}``;
- ``{"type": "error", "code": "...", "message": "...", "msg": {...}}`` and nothing changed
  (``msg``, with an engine's refusal, is its reason as a message: ``meeples.core.text``);
- the table chat (docs/chat.md): each snapshot carries ``"chat": {"mode", "read", "write",
  "muted": [seats], "messages": [...]}``, the chat as this connection reads it (a mute is
  answered with a snapshot); ``{"type": "chat", "seq", "seat", "name", "text", "time"}`` each
  new message; ``{"type": "chat_hidden", "seq"}`` an operator hid a message; ``{"type":
  "chat_reported", "seq"}`` a report was stored;
- ``{"type": "pong"}``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

MAX_TOKENS = 8
#: The longest chat message, in characters once trimmed (docs/chat.md).
CHAT_MAX = 500
#: State messages carry the last entries of the action log (each entry has its ply number).
LOG_TAIL = 300

#: Every wire model: no coercion ("0", 0.0 and false are not the version 0, "2" is not 2 players,
#: "yes" is not true) and no unknown field. A mistyped message is refused, never reinterpreted.
STRICT = ConfigDict(strict=True, extra="forbid")


class Hello(BaseModel):
    """Join a room with the seat tokens this browser holds (with the seats of the connection's
    account, if signed in; none at all: spectate)."""

    model_config = STRICT
    type: Literal["hello"]
    tokens: list[Annotated[str, Field(max_length=128)]] = Field(
        default_factory=list, max_length=MAX_TOKENS
    )


class Act(BaseModel):
    """Play an action string, seen at a given state version."""

    model_config = STRICT
    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=200)]
    version: Annotated[int, Field(ge=0, lt=2**31)]


class Hint(BaseModel):
    """Ask for the best few actions (only the seat to move may)."""

    model_config = STRICT
    type: Literal["hint"]


AnytimeSetting = Literal["ask", "own", "never"]


class Settings(BaseModel):
    """Change the settings of every seat this connection holds (``seat``: of that one only).

    ``anytime``: when to be asked about "at any time" decisions; ``armed``: ask at the next one
    (the player wants to use what they hold, e.g. Meeple War's Tree), or no longer.
    """

    model_config = STRICT
    type: Literal["settings"]
    anytime: AnytimeSetting | None = None
    armed: bool | None = None
    seat: Annotated[int, Field(ge=0, lt=8)] | None = None

    @model_validator(mode="after")
    def _changes_something(self) -> Settings:
        if self.anytime is None and self.armed is None:
            raise ValueError("settings change anytime, armed or both")
        return self


class Undo(BaseModel):
    """Take back the last decision of a seat this connection holds (seen at a version)."""

    model_config = STRICT
    type: Literal["undo"]
    version: Annotated[int, Field(ge=0, lt=2**31)] | None = None


class Sync(BaseModel):
    """Ask for a snapshot of the state (a client that missed an update)."""

    model_config = STRICT
    type: Literal["sync"]


class Resign(BaseModel):
    """Resign a seat this connection holds (``seat`` absent: the one to move, else the first)."""

    model_config = STRICT
    type: Literal["resign"]
    seat: Annotated[int, Field(ge=0, lt=8)] | None = None


class Rematch(BaseModel):
    """Offer a rematch of a finished match (or be given the one offered already); ``swap``:
    each player takes the next seat (two players swap sides)."""

    model_config = STRICT
    type: Literal["rematch"]
    swap: bool = False


class Chat(BaseModel):
    """Write in the table chat, as the seats this connection holds (docs/chat.md); the
    server checks the text's length and characters (:func:`meeples.server.chat.checked_text`)."""

    model_config = STRICT
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=4 * CHAT_MAX)]


class ChatMute(BaseModel):
    """Stop (``muted``: true) or start again receiving a seat's chat messages, for the seats
    this connection holds."""

    model_config = STRICT
    type: Literal["chat_mute"]
    seat: Annotated[int, Field(ge=0, lt=8)]
    muted: bool = True


class ChatReport(BaseModel):
    """Report a chat message (its ``seq``) to the operators."""

    model_config = STRICT
    type: Literal["chat_report"]
    seq: Annotated[int, Field(ge=1, lt=2**31)]


class Ping(BaseModel):
    """Keep the connection alive."""

    model_config = STRICT
    type: Literal["ping"]


AnyClientMessage = (Hello | Act | Hint | Settings | Undo | Sync | Resign | Rematch | Chat | ChatMute
                    | ChatReport | Ping)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_client_message: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


class Malformed(ValueError):
    """A client message that is not valid JSON or not one of the known messages."""


def parse_client_message(data: Any) -> AnyClientMessage:
    """Return the message a decoded JSON value holds.

    Raises:
        Malformed: not an object, unknown type, missing or mistyped fields.
    """
    try:
        return _client_message.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise Malformed(f"malformed message ({where}: {first['msg']})") from None


class SeatRequest(BaseModel):
    """One seat of a match to create."""

    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    level: BotLevel | None = None
    name: Annotated[str, Field(max_length=40)] = ""
    open: bool = False
    #: A human seat's anytime setting from the start (default: never asked, see Settings).
    anytime: AnytimeSetting | None = None


BotSpeed = Literal["slow", "normal", "fast"]
ChatMode = Literal["players", "table", "off"]
BotLevel = Literal["random", "easy", "normal", "hard"]


class WarmRequest(BaseModel):
    """Keep absent seats warm: a bot of ``level`` plays a joined human seat that no connection
    has held for ``after`` seconds, until someone holding it is back."""

    model_config = STRICT
    after: Annotated[int, Field(ge=1, le=7 * 24 * 3600)] = 120
    level: BotLevel = "normal"


DAY = 24 * 3600


class ClockRequest(BaseModel):
    """A time control: seconds each human seat starts with (10 s to 30 days) and seconds given
    back after each of its turns (0 to 7 days): 600 + 20 is a live game, 259200 + 86400 (three
    days, and a day a turn) a correspondence game (:mod:`meeples.server.clocks`)."""

    model_config = STRICT
    initial: Annotated[int, Field(ge=10, le=30 * DAY)]
    increment: Annotated[int, Field(ge=0, le=7 * DAY)] = 0


class CreateRequest(BaseModel):
    """A request to create a match: game, players, options, seats, optional start position,
    how fast the bots play (``bot_speed``; absent: normal), whether players may ask for hints
    (``hints``; absent: only when at most one human plays), whether a bot keeps an absent
    player's seat warm (``warm``; absent: no), and the time control (``clock``; absent: no
    clocks) with what a seat whose time runs out gets (``timeout``: "lose", the default, or
    "bot": a bot of the warm-seat level plays that turn; only with a clock)."""

    model_config = STRICT
    game: str
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(default_factory=list, max_length=8)
    seed: Annotated[int, Field(ge=0, lt=2**31)] | None = None
    position: Annotated[str, Field(max_length=8000)] | None = None
    bot_speed: BotSpeed = "normal"
    hints: bool | None = None
    warm: WarmRequest | None = None
    #: The game's guided first game (meeples.core.tutorial): its start, seats and script.
    tutorial: bool = False
    #: The seats to bind to the signed-in account (docs/accounts.md); absent: the creator's
    #: seat, the first human seat not left open to anyone. Needs a session.
    mine: list[Annotated[int, Field(ge=0, lt=8)]] | None = Field(default=None, max_length=8)
    #: A rated match (docs/accounts.md): every human seat bound to its own account, each
    #: account's rating for the game updated at the end. Needs a session.
    rated: bool = False
    #: The finished match may go into the research dataset (``meeples export``, anonymised);
    #: everyone who joins is told before joining.
    research: bool = False
    clock: ClockRequest | None = None
    timeout: Literal["lose", "bot"] | None = None

    @model_validator(mode="after")
    def _timeout_with_a_clock(self) -> CreateRequest:
        if self.timeout is not None and self.clock is None:
            raise ValueError("a timeout needs a clock")
        return self
    #: Who reads the table chat (docs/chat.md): the players only, the players and spectators
    #: (only players write), or nobody. A tutorial has none.
    chat: ChatMode = "players"


class Gap(ValueError):
    """An update for another version than the one held: ask for a snapshot (``sync``)."""


def apply_update(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """Return the snapshot an update makes of the snapshot it applies to (what the browser's
    ``web/socket.js`` does; the tests and the load suite follow the wire with it).

    Raises:
        Gap: the update's base is not the version of state.
    """
    if update.get("base") != state.get("version"):
        raise Gap(f"an update from {update.get('base')} to a state at {state.get('version')}")
    merged = {**state, **{k: v for k, v in update.items() if k not in ("base", "entries")}}
    merged["type"] = "state"
    merged["log"] = (state["log"] + update["entries"])[-LOG_TAIL:]
    return merged


def error(code: str, message: str, msg: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return an error message for a client (``msg``: the engine's reason as a message, which
    the client words in its language; the server's own errors are worded by their code)."""
    answer: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if msg is not None:
        answer["msg"] = msg
    return answer
