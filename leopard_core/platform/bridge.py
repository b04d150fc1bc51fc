"""The bridge the web page's worker calls: JSON text in, JSON text out, never raises.

A request is ``{"method": NAME, "args": {...}, "client"?: ID}``; the answer is ``{"ok": true,
"result": ...}`` or ``{"ok": false, "error": ENGLISH, "kind": KIND, "msg": {code, params}}``.

Routing: ``NAME`` is ``<game>.<method>`` (``hunt.play``, ``leopard.play``) for a registered game
(``registry``); the game that registered ``unprefixed`` (the card game) also answers its methods
without a prefix (``play``), as the pages have always asked. Each game's ``GameSpec.methods`` table
maps the method to a function of a ``registry.Call``.

Sessions: the bridge keeps one session per (client, game). ``client`` is an optional string that
names the page asking (default ``""``: one page); a SharedWorker serving several frames can give each
frame its own so that their games never mix. ``reset()`` forgets every session of every game (the
worker calls it after a snapshot restore, so no visitor inherits another's game); ``reset(client)``
only one client's.

Error kinds (one policy for every game; ``error_kind``):
    illegal_move -- a well-formed move the rules do not allow now (``IllegalMove``); the answer also
                    has ``reason`` and ``reason_msg``, the rule's words.
    corrupt_save -- a save that cannot be restored (``SaveError``); the page sets it aside.
    tutorial     -- in the card game's guided hand, a move the step does not ask for.
    bad_request  -- every other refusal: a malformed request, arguments or move text, an unknown
                    method, no game in play, not the person's turn.
    internal     -- an unexpected error in the engine (a bug); ``msg`` is ``internal`` quoting it.

Limits: a request longer than ``MAX_REQUEST_CHARS`` or nested deeper than ``MAX_REQUEST_DEPTH`` is
refused before it is parsed, for every game. The limit is far above a browser's storage quota
(about 5 million characters) so that an oversized stored save still reaches ``restore`` and is
reported there as a corrupt save.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import EngineError, IllegalMove, RequestError, message_of
from .registry import REGISTRY, GameSpec
from .saves import MAX_SAVE_CHARS, MAX_SAVE_DEPTH, nests_deeper_than

MAX_REQUEST_CHARS = 20 * MAX_SAVE_CHARS
MAX_REQUEST_DEPTH = MAX_SAVE_DEPTH
DEFAULT_CLIENT = ""
MAX_CLIENT_CHARS = 100
KINDS = ("illegal_move", "corrupt_save", "tutorial", "bad_request", "internal")

_sessions: dict[tuple[str, str], Any] = {}


class BridgeCall:
    """One request as a method sees it (``registry.Call``): its arguments and the caller's session."""

    def __init__(self, spec: GameSpec, client: str, args: dict[str, Any]) -> None:
        self.spec = spec
        self.client = client
        self.args = args

    @property
    def session(self) -> Any:
        """The caller's session of this game; the game's ``no_session`` refusal when there is none."""
        session = _sessions.get((self.client, self.spec.name))
        if session is None:
            raise EngineError(self.spec.no_session())
        return session

    def start(self, session: Any) -> Any:
        """Make ``session`` the caller's game (replacing any), and return it."""
        _sessions[(self.client, self.spec.name)] = session
        return session


def reset(client: str | None = None) -> None:
    """Forget every game's sessions: all clients', or only ``client``'s."""
    for key in [key for key in _sessions if client is None or key[0] == client]:
        del _sessions[key]


def session_of(game: str, client: str = DEFAULT_CLIENT) -> Any:
    """The session ``client`` has of ``game``, or None: for tests and tools that look inside."""
    return _sessions.get((client, game))


def route(method: str) -> tuple[GameSpec, str]:
    """The game and its method that a request's method names; RequestError when none does."""
    prefix, dot, name = method.partition(".")
    spec = REGISTRY.get(prefix) if dot else None
    if spec is None:
        spec = next((spec for spec in REGISTRY.values() if spec.unprefixed), None)
        name = method
    if spec is None or name not in spec.methods:
        raise RequestError("request.unknown_method", method=repr(method))
    return spec, name


def error_kind(err: BaseException) -> str:
    """The kind of a refusal (see the module's policy): an engine error's class says it."""
    if isinstance(err, EngineError):
        return err.KIND
    if isinstance(err, ValueError | TypeError | RecursionError):  # bad arguments met in a game's code
        return "bad_request"
    return "internal"


def error_answer(err: BaseException) -> str:
    """A refused request: ``{"ok": false, "error", "kind", "msg"}``, and for an illegal move the
    rule's ``reason`` and ``reason_msg``."""
    extra: dict[str, Any] = {}
    if isinstance(err, IllegalMove):
        extra = {"reason": err.reason, "reason_msg": err.reason_msg.as_json()}
    return json.dumps({"ok": False, "error": str(err), "kind": error_kind(err),
                       "msg": message_of(err).as_json(), **extra})


def read_request(request: object) -> tuple[str, str, dict[str, Any]]:
    """The method, client and arguments of a request; RequestError for anything malformed."""
    if not isinstance(request, str) or len(request) > MAX_REQUEST_CHARS:
        raise RequestError("request.too_long", max=MAX_REQUEST_CHARS)
    if nests_deeper_than(request, MAX_REQUEST_DEPTH):
        raise RequestError("request.too_deep", max=MAX_REQUEST_DEPTH)
    try:
        data = json.loads(request)
    except (ValueError, RecursionError):
        raise RequestError("request.shape") from None
    client = data.get("client", DEFAULT_CLIENT) if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(data.get("method"), str) \
            or not isinstance(client, str) or len(client) > MAX_CLIENT_CHARS:
        raise RequestError("request.shape")
    args = data.get("args") or {}
    if not isinstance(args, dict):
        raise RequestError("request.args")
    return data["method"], client, args


def handle(request: str) -> str:
    """Answer one JSON request with one JSON response; never raises."""
    try:
        method, client, args = read_request(request)
        spec, name = route(method)
        result = spec.methods[name](BridgeCall(spec, client, args))
        return json.dumps({"ok": True, "result": result})
    except Exception as err:  # every refusal and every bug is an answer: the page must hear back
        return error_answer(err)
