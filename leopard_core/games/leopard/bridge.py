"""The card game's bridge methods: the table ``GameSpec.methods`` that the platform's bridge routes
``leopard.<method>`` (and, as the pages have always asked, the bare ``<method>``) to.

Each method takes a ``platform.bridge.Call`` (its ``args`` and the caller's ``session``) and returns
JSON data. Answers, refusals and error kinds: ``leopard_core.platform.bridge``.

Methods:
    new_game   {variant?, level?, hands?, seed?, bot_seed?, undo_allowed?, origin?} -> snapshot
               (level defaults to ``bots.DEFAULT_LEVEL`` when the bots module has one, else its
               first level; undo_allowed defaults to true; origin (``share``) marks a daily deal,
               whose settings must then be that day's, or a challenge from a link)
    new_game   {opponent: "human", names?: [A, B], variant?, hands?, seed?, undo_allowed?}
               -> snapshot: two people on one device (``pass_and_play``); ``opponent`` defaults to
               "computer"
    reveal     {}                        -> snapshot: pass-and-play only; the player to move says
               they hold the device, and the snapshot shows their hand
    snapshot   {}                        -> snapshot
    play       {move: N3}                -> snapshot (the person's move; the bot does not answer)
    explain    {move: N3}                -> {legal, reason, reason_msg}: why the person may not
               play it now (the engine's own reason, e.g. "a 7 (7H) may go only on space 7 (R3)",
               code ``move.number_space``); reason "" and reason_msg null when legal; nothing
               changes
    bot_move   {}                        -> {move: log entry, think_ms, snapshot}
    undo       {}                        -> snapshot (the person's last chosen move and the
               computer's replies after it taken back; refused at the start of a hand, when
               undo is off, and once the whole game is finished)
    options    {undo_allowed?}           -> snapshot
    hint       {}                        -> {move: N3, reason: one line, reason_msg, reason_data:
               {...}} (see ``hints``; sets ``hints_used``)
    game_record {finished_at?}           -> record of the finished game (see ``stats``)
    stats      {records: [record...], today?} -> {groups: [summary...], all: summary, daily,
               rejected: [{index, error, error_msg}...]} (``daily``: the daily deals' summary,
               ``stats.daily_summary``)
    tutorial_start {}                    -> snapshot of the guided hand (``tutorial``): its
               ``tutorial`` key tells the step; ``play`` then accepts only the step's moves (kind
               "tutorial" with a polite message, code ``tutorial.not_quite``, otherwise) and
               ``bot_move`` plays the script
    next_hand  {}                        -> snapshot
    save       {}                        -> {text: session save, revision}
    compare_save {text}                  -> {relation, stale, revision, stored_revision, error?,
               error_msg?}: how a stored session save relates to the game in play
               (``SAVE_RELATIONS``); error and error_msg only when "unreadable"
    restore    {text}                    -> snapshot (kind "corrupt_save" on a bad save)
    square     {n2, variant?}            -> {n2, stacks, raw, lines, bonus, score}
    position   {n4, variant?, card?}     -> {legal: [N3...], own: square, opp: square, hand}
    share_seed {}                        -> {seed, bot_seed, variant, hands, level}: the settings
               that replay this very game (a challenge link); only when the person asks for one
    challenge_link {by?}                 -> {query, result: {own, opp} | null}: the query of a
               challenge link for this game (``share.challenge_query``), with the person's result
               once the game is over; only when the person asks for one
    read_link  {params: {name: text}}    -> {settings, origin}: a link's game settings, each
               checked (``share.read_link``); kind "bad_request" naming the bad parameter (its
               msg a ``link.*`` code)
    daily      {date: "YYYY-MM-DD"}      -> {date, seed, bot_seed, variant, hands, level, origin}:
               that UTC date's daily deal (``share.daily_game``), for ``new_game``
    review_open {text?, hand?}           -> {hands, hand, game_hands, variant, level, steps: [{index,
               seat: "person"|"computer", move: N3 as the log gives it, entry: the log entry,
               forced, table: the person's view before the step (own, opp, hand, drawn, discards,
               stock_count, opp_hand_count, to_move, plays_this_turn, dealer)}], person_steps:
               [index...], final: {own, opp, margin, went_out, end_reason, end_reason_msg, table}}:
               a finished hand of the session save ``text`` (without it, the caller's game), the
               last finished one unless ``hand`` (0-based) is given; no search (``review``)
    review_step {text?, hand?, index}    -> {index, hand, played, best, played_entry, best_entry,
               moves: [{move, entry, value, cost, spread, worlds, as_good}...] (the finalists, best
               first), cost, spread, as_good, reason_msg, played_reason_msg, reason_data,
               played_reason_data, margin_before, margin_after_played, margin_after_best,
               playouts}: the review of the person's step ``index``, from what they could see then
               (``review.review_decision``); costs and margins in expected points of the hand
    review_play_on {text?, hand?, index} -> snapshot of a new practice game (``practice`` true,
               refused by ``game_record``) at the person's step ``index`` of that hand: the same
               deal and computer, the person to move. It replaces the caller's game, so a page
               starts it under another ``client`` to keep its own game
    levels     {}                        -> {levels: [...], default: LEVEL, variants: [...], limits}
    limits     {}                        -> {save_chars, save_depth}: a save longer than save_chars
               characters, or whose arrays/objects nest deeper than save_depth, is refused before
               it is parsed (``game.check_save_text``); a page can check the same before sending.

>>> import json
>>> from leopard_core.webapi import handle
>>> json.loads(handle('{"method": "square", "args": {"n2": "AH,2H,3H/-,-,-/-,-,-"}}'))["result"]["raw"]
3
>>> levels = json.loads(handle('{"method": "levels"}'))["result"]
>>> levels["default"] in levels["levels"]
True
>>> request = {"method": "new_game", "args": {"seed": 1, "bot_seed": 2, "hands": 1}}
>>> snap = json.loads(handle(json.dumps(request)))["result"]
>>> snap["level"] == levels["default"], snap["out_score"] is None or "out" in snap["legal_moves"]
(True, True)
>>> json.loads(handle('{"method": "restore", "args": {"text": "{}"}}'))["kind"]
'corrupt_save'
"""

from __future__ import annotations

from typing import Any

from leopard_core.platform.registry import Call, Method
from leopard_core.platform.saves import save_limits

from . import review, share, stats
from .bots import LEVELS
from .errors import LeopardError
from .pass_and_play import PassAndPlaySession
from .rules import VARIANTS
from .session import COMPUTER, PERSON, Session, default_level, position_info, square_info


def reviewed(call: Call) -> Session:
    """The session a review method reads: the save ``text`` when given, else the caller's game."""
    text = call.args.get("text")
    return call.session if text is None else Session.restore(text)


def new_game(call: Call) -> Any:
    """A new game against the computer, or between two people (``opponent: "human"``)."""
    args = call.args
    opponent = args.get("opponent", COMPUTER)
    if opponent == PERSON:
        if args.get("origin") is not None:
            raise LeopardError("session.people_origin")
        return call.start(PassAndPlaySession.new(
            args.get("variant", "standard"), args.get("hands", 4), args.get("seed"),
            args.get("undo_allowed", True), args.get("names"),
        )).snapshot()
    if opponent != COMPUTER:
        raise LeopardError("session.bad_opponent", opponent=repr(opponent), computer=repr(COMPUTER),
                           person=repr(PERSON))
    if args.get("names") is not None:
        raise LeopardError("session.names_need_person", person=repr(PERSON))
    return call.start(Session.new(
        args.get("variant", "standard"), args.get("level"), args.get("hands", 4),
        args.get("seed"), args.get("bot_seed"), args.get("undo_allowed", True), args.get("origin"),
    )).snapshot()


def stats_of(call: Call) -> Any:
    """Statistics of the records the page keeps, with the daily deals' summary."""
    records, today = call.args.get("records"), call.args.get("today")
    figures = stats.stats(records)
    figures["daily"] = stats.daily_summary(records, None if today is None else share.daily_date(today))
    return figures


def save(call: Call) -> Any:
    """The session save and its revision."""
    session = call.session
    return {"text": session.save(), "revision": session.revision}


def levels(call: Call) -> Any:
    """The computer's levels, the default one, the variants and the save limits."""
    return {"levels": list(LEVELS), "default": default_level(), "variants": list(VARIANTS),
            "limits": save_limits()}


def _text(call: Call, key: str) -> str:
    return str(call.args.get(key, ""))


METHODS: dict[str, Method] = {
    "new_game": new_game,
    "reveal": lambda call: call.session.reveal(),
    "tutorial_start": lambda call: call.start(Session.guided()).snapshot(),
    "restore": lambda call: call.start(Session.restore(call.args.get("text", ""))).snapshot(),
    "snapshot": lambda call: call.session.snapshot(),
    "play": lambda call: call.session.play(_text(call, "move")),
    "explain": lambda call: call.session.explain(_text(call, "move")),
    "bot_move": lambda call: call.session.bot_move(),
    "undo": lambda call: call.session.undo(),
    "hint": lambda call: call.session.hint(),
    "game_record": lambda call: call.session.game_record(call.args.get("finished_at")),
    "stats": stats_of,
    "challenge_link": lambda call: call.session.challenge_link(call.args.get("by")),
    "read_link": lambda call: share.read_link(call.args.get("params")),
    "daily": lambda call: share.daily_game(call.args.get("date")),
    "options": lambda call: call.session.set_options(call.args.get("undo_allowed")),
    "next_hand": lambda call: call.session.next_hand(),
    "save": save,
    "share_seed": lambda call: call.session.share_seed(),
    "compare_save": lambda call: call.session.compare_save(call.args.get("text")),
    "square": lambda call: square_info(_text(call, "n2"), call.args.get("variant", "standard")),
    "position": lambda call: position_info(
        _text(call, "n4"), call.args.get("variant", "standard"), call.args.get("card")),
    "review_open": lambda call: review.open_review(reviewed(call), call.args.get("hand")),
    "review_step": lambda call: review.review_step(reviewed(call), call.args.get("hand"),
                                                   call.args.get("index")),
    "review_play_on": lambda call: call.start(review.play_on(
        reviewed(call), call.args.get("hand"), call.args.get("index"))).snapshot(),
    "levels": levels,
    "limits": lambda call: save_limits(),
}
"""The card game's methods by name (the module's docstring says what each takes and answers)."""
