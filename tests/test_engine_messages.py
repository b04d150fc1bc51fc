"""The engine's words as codes with parameters (``leopard_core.platform.messages``): every error and reason
the engine can give has a code in ``ENGLISH``, ``str()`` of the message is the English the command
line prints, and every webapi answer that carries English text also carries its ``msg`` / ``X_msg``
for the page (the brief's engine contract). The catalogs' side is tests/test_i18n_catalogs.py."""

from __future__ import annotations

import ast
import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from leopard_core.games.hunt.moves import Move as HuntMove
from leopard_core.games.hunt.rules import CAPTURE_GOAL, HERD
from leopard_core.games.hunt.session import HuntSession
from leopard_core.games.hunt.state import HuntState
from leopard_core.games.leopard.errors import IllegalMoveError, LeopardError, NotationError, SaveError
from leopard_core.games.leopard.game import Game, _checksum
from leopard_core.games.leopard.moves import Move
from leopard_core.games.leopard.session import Session
from leopard_core.games.leopard.state import HandState
from leopard_core.games.leopard.tutorial import STEPS
from leopard_core.platform import messages
from leopard_core.platform.messages import ENGLISH, Message
from leopard_core.webapi import handle

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "leopard_core").rglob("*.py"))
CODE = re.compile(r"[a-z_]+(\.[A-Za-z0-9_]+)+|internal")
# Codes built at run time, each from a constant prefix: the families and what they expand to.
DYNAMIC = {
    "undo.nothing_": ["undo.nothing_hand", "undo.nothing_turn"],
    "hand.end.": ["hand.end.out", "hand.end.exhausted"],
    "suit.": [f"suit.{name}" for name in ("spades", "hearts", "diamonds", "clubs")],
    "colour.": ["colour.red", "colour.black"],
    "tutorial.": [code for step in STEPS for part in ("title", "prompt", "said", "reply")
                  if (code := f"tutorial.{step.key}.{part}") in ENGLISH],
    "line.": ["line.row", "line.column", "line.diagonal"],
    # a hunt move in words (hunt.move_words): three forms of sentence, six kinds of move
    "hunt.words.": [f"hunt.words.{form}.{kind}" for form in ("by", "does", "play", "you", "computer")
                    for kind in ("jump", "jumps", "place_cow", "place_leopard", "step_cow", "step_leopard")],
}
ENGINE_ERRORS = {"LeopardError", "NotationError", "IllegalMoveError", "SaveError", "TutorialMoveError",
                 "HuntError", "EngineError"}


def call(method: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "args": args})))
    return answer


def rebuilt(data: Any) -> Any:
    """A msg's JSON back into a Message (nested ones too), so its English can be compared."""
    if isinstance(data, dict) and set(data) == {"code", "params"}:
        return Message(data["code"], **{k: rebuilt(v) for k, v in data["params"].items()})
    if isinstance(data, list):
        return [rebuilt(v) for v in data]
    return data


def msgs_in(data: Any) -> list[dict[str, Any]]:
    """Every msg ({code, params}) anywhere in an answer."""
    if isinstance(data, dict):
        found = [data] if set(data) == {"code", "params"} else []
        return found + [m for v in data.values() for m in msgs_in(v)]
    if isinstance(data, list):
        return [m for v in data for m in msgs_in(v)]
    return []


def refused(answer: dict[str, Any], code: str) -> Message:
    """A refusal whose msg has ``code`` and whose English is the answer's ``error``."""
    assert answer["ok"] is False, answer
    msg = rebuilt(answer["msg"])
    assert msg.code == code, answer
    assert str(msg) == answer["error"]
    assert all(m["code"] in ENGLISH for m in msgs_in(answer))
    return msg


def first_arg_codes(tree: ast.AST) -> list[tuple[int, ast.expr]]:
    """The first argument of every call to Message, an engine error or a helper that takes a code."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in ENGINE_ERRORS | {"Message"} and name != "IllegalMoveError":
                found.append((node.lineno, node.args[0]))
    return found


# ---------------------------------------------------------------- the codes


def test_every_code_the_engine_raises_or_says_is_in_english() -> None:
    """Walk every call of Message(...) and of the engine's errors in leopard_core: the code is a
    constant of ENGLISH, or a run-time name from a known family; no error is raised with free
    English text any more."""
    problems = []
    for path in SOURCES:
        if path.name == "messages.py":
            continue
        for line, arg in first_arg_codes(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(ROOT)}:{line}"
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                if arg.value not in ENGLISH:
                    problems.append(f"{where}: {arg.value!r} is not a code")
            elif isinstance(arg, ast.JoinedStr):
                head = arg.values[0]
                prefix = head.value if isinstance(head, ast.Constant) else ""
                if not any(str(prefix).startswith(family) for family in DYNAMIC):
                    problems.append(f"{where}: an f-string that is not a known family of codes")
            elif not isinstance(arg, ast.Name | ast.Attribute | ast.Subscript | ast.IfExp | ast.Call):
                problems.append(f"{where}: {ast.dump(arg)[:60]}")
            elif isinstance(arg, ast.IfExp):
                for branch in (arg.body, arg.orelse):
                    if isinstance(branch, ast.Constant) and branch.value not in ENGLISH:
                        problems.append(f"{where}: {branch.value!r} is not a code")
    assert problems == []


def test_every_english_code_is_used_by_the_engine() -> None:
    """No code in ENGLISH is left over: each is named in the engine's source, or built from a family."""
    named: set[str] = set()
    for path in SOURCES:
        if path.name == "messages.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value):
                named.add(node.value)
    named |= {code for codes in DYNAMIC.values() for code in codes}
    named |= {"list.and", "list.comma"}  # messages.and_list joins lists with them
    assert sorted(set(ENGLISH) - named) == []


def test_codes_are_dotted_lowercase_and_templates_are_english_text() -> None:
    assert "example.card" not in ENGLISH
    for code, template in ENGLISH.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*", code), code
        assert template.strip() == template and template, code


def test_english_formats_write_cards_and_numbers_as_the_page_does() -> None:
    assert str(Message("hint.discard_none", card="10D")) == (
        "discard: none of your cards can help now; the 10 of diamonds is the least useful")
    assert str(Message("save.too_long", chars=1234567, max=1000)) == (
        "the save is 1,234,567 characters long; a save has at most 1,000")
    assert str(Message("hint.its_lines", count=2)) == "two of its lines"
    assert Message("hint.its_lines", count=2).as_json() == {"code": "hint.its_lines", "params": {"count": 2}}
    with pytest.raises(KeyError):
        Message("no.such.code")
    with pytest.raises(KeyError):
        Message("move.not_in_hand")  # its card is missing


# ---------------------------------------------------------------- errors


def test_every_error_carries_its_message_and_prints_the_same_english() -> None:
    """N1 and R3: a bad card and an illegal move say what they said before, now from a Message."""
    with pytest.raises(NotationError) as bad:
        Move.parse("7X to own 7")
    assert bad.value.msg.code == "notation.move_part"
    inner = bad.value.msg.params["error"]
    assert isinstance(inner, Message) and inner.code == "notation.card" and inner.params == {"text": "'7x'"}
    assert str(bad.value) == str(bad.value.msg) == (
        "bad move '7X to own 7': bad card '7x': expected a rank (A 2-10 J Q K, or T) and a suit"
        " (S H D C), e.g. '7H' or '10D'")
    state = HandState.from_position(Game("standard", seed=1).rules,
                                    *_position("-,-,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 7H"))
    with pytest.raises(IllegalMoveError) as illegal:
        state.apply("7H to own 3")
    err = illegal.value
    assert err.reason_msg == Message("move.number_space", card="7H", rank=7)
    assert err.reason == "a 7 may go only on space 7 (R3)"
    assert err.msg.code == "move.illegal_at" and err.msg.params["reason"] == err.reason_msg
    assert str(err).startswith("illegal move '7H to own 3' in position ")


def _position(n4: str) -> tuple[Any, Any, Any]:
    from leopard_core.games.leopard.position import Position
    position = Position.parse(n4)
    return position.own, position.opp, list(position.hand)


def test_a_nested_save_error_holds_the_inner_message() -> None:
    """A save whose second move cannot be played: "hand 1, move 2: <the move's own error>", the
    inner error kept as a Message parameter (and as nested JSON for the page)."""
    game = Game("standard", hands=1, seed=3)
    game.apply(game.state.legal_moves()[0])
    game.apply(game.state.legal_moves()[0])
    data = json.loads(game.save())
    data.pop("check")
    data["moves"][0][1] = "KS to opp 1"  # a king never goes on the other square (R3)
    data["check"] = _checksum(data)
    with pytest.raises(SaveError) as err:
        Game.restore(json.dumps(data))
    msg = err.value.msg
    assert msg.code == "save.bad_move" and msg.params["hand"] == 1 and msg.params["move"] == 2
    inner = msg.params["error"]
    assert isinstance(inner, Message) and inner.code in ("move.illegal_at", "notation.move_part")
    assert str(err.value) == f"hand 1, move 2: {inner}"
    assert msg.as_json()["params"]["error"] == inner.as_json()
    session = json.loads(Session.new("standard", "random", hands=1, seed=3, bot_seed=1).save())
    session["game"] = json.dumps(data)
    answer = call("restore", text=json.dumps(session))
    assert answer["kind"] == "corrupt_save"
    assert refused(answer, "save.bad_move") == msg


def test_errors_survive_pickling() -> None:
    """A match's worker processes send errors back to the parent."""
    err = SaveError("save.settings", error=Message("game.bad_hands", hands="99", max=12))
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is SaveError and again.msg == err.msg and str(again) == str(err)
    with pytest.raises(IllegalMoveError) as illegal:
        Game("standard", seed=2).apply("out")
    back = pickle.loads(pickle.dumps(illegal.value))
    assert back.reason_msg == illegal.value.reason_msg and str(back) == str(illegal.value)


def test_leopard_errors_are_still_value_errors() -> None:
    assert issubclass(LeopardError, ValueError)
    with pytest.raises(ValueError, match="unknown variant"):
        Game("chess")


# ---------------------------------------------------------------- webapi answers


def test_refusals_carry_msg_for_each_kind() -> None:
    """Bad notation (N3), an illegal move (R3), a corrupt save, a bad link, an unknown method, a
    request that is not JSON (``internal``), the guided hand's refusal."""
    assert call("new_game", seed=5, bot_seed=5, hands=1)["ok"]
    refused(call("play", move="7X to own 7"), "notation.move_part")
    snap = call("snapshot")["result"]
    while snap["bot_to_move"]:
        snap = call("bot_move")["result"]["snapshot"]
    illegal = next(m for m in ("KS to opp 1", "KH to opp 1", "KD to opp 1", "KC to opp 1", "out")
                   if m not in snap["legal_moves"])
    msg = refused(call("play", move=illegal), "move.illegal_at")
    assert isinstance(msg.params["reason"], Message)
    refused(call("restore", text="{}"), "save.wrong_format")
    refused(call("restore", text="not json"), "save.not_json")
    refused(call("read_link", params={"hands": "99"}), "link.hands")
    refused(call("read_link", params={"by": "<b>", "seed": "1", "botseed": "2", "variant": "standard",
                                      "level": "normal", "hands": "1"}), "link.by")
    refused(call("no_such_method"), "request.unknown_method")
    refused(call("new_game", variant="chess"), "game.unknown_variant")
    not_json = json.loads(handle("{"))  # a request that is not JSON is a malformed request
    assert not_json["kind"] == "bad_request" and refused(not_json, "request.shape").params == {}
    assert call("tutorial_start")["ok"]
    answer = call("play", move="discard 5H")  # legal, but not what the first step asks (R3)
    assert answer["kind"] == "tutorial"
    assert refused(answer, "tutorial.not_quite").params["prompt"] == STEPS[0].prompt
    assert call("play", move="5H to own 5")["ok"]
    refused(call("play", move="10H to own 4"), "turn.not_yours")


def test_explain_and_hint_give_reason_msg() -> None:
    assert call("new_game", seed=8, bot_seed=8, hands=1)["ok"]
    snap = call("snapshot")["result"]
    while snap["bot_to_move"]:
        snap = call("bot_move")["result"]["snapshot"]
    legal = call("explain", move=snap["legal_moves"][0])["result"]
    assert legal == {"legal": True, "reason": "", "reason_msg": None}
    wrong = next(m for m in ("out", "KS to opp 1", "end") if m not in snap["legal_moves"])
    answer = call("explain", move=wrong)["result"]
    assert answer["legal"] is False and str(rebuilt(answer["reason_msg"])) == answer["reason"]
    hint = call("hint")["result"]
    assert str(rebuilt(hint["reason_msg"])) == hint["reason"] and hint["reason_data"]["kind"]


def test_the_snapshot_end_reason_has_its_msg() -> None:
    """R6 / R4.3: once the hand is over, end_reason_msg says why; before, it is null."""
    assert call("new_game", seed=4, bot_seed=4, hands=1, level="random")["ok"]
    snap = call("snapshot")["result"]
    assert snap["end_reason"] is None and snap["end_reason_msg"] is None
    while not snap["over"]:
        snap = (call("bot_move")["result"]["snapshot"] if snap["bot_to_move"]
                else call("play", move=snap["legal_moves"][-1])["result"])
    assert snap["end_reason_msg"] == {"code": f"hand.end.{snap['end_reason']}", "params": {}}


def test_tutorial_info_texts_have_their_msgs() -> None:
    snap = call("tutorial_start")["result"]
    info = snap["tutorial"]
    assert info["title_msg"]["code"] == f"tutorial.{STEPS[0].key}.title"
    for field in ("title", "prompt"):
        assert str(rebuilt(info[f"{field}_msg"])) == info[field]
    assert info["said"] is None and info["said_msg"] is None and info["reply_said_msg"] is None
    snap = call("play", move=STEPS[0].accepted[0])["result"]
    snap = call("bot_move")["result"]["snapshot"]
    info = snap["tutorial"]
    for field in ("title", "prompt", "said", "reply_said"):
        assert info[field] and str(rebuilt(info[f"{field}_msg"])) == info[field]
    hint = call("hint")["result"]
    assert hint["reason_msg"] == info["prompt_msg"]


def test_compare_save_and_stats_rejections_have_msgs() -> None:
    assert call("new_game", seed=6, bot_seed=6, hands=1)["ok"]
    answer = call("compare_save", text="{}")["result"]
    assert answer["relation"] == "unreadable" and str(rebuilt(answer["error_msg"])) == answer["error"]
    figures = call("stats", records=[{"format": "x"}, 3])["result"]
    codes = [entry["error_msg"]["code"] for entry in figures["rejected"]]
    assert codes == ["stats.missing", "stats.not_object"]
    for entry in figures["rejected"]:
        assert str(rebuilt(entry["error_msg"])) == entry["error"]
    whole = call("stats", records="nope")["result"]["rejected"]
    assert whole == [{"index": None, "error": "records must be a list",
                      "error_msg": {"code": "stats.not_list", "params": {}}}]


# ---------------------------------------------------------------- the hunt


def hunt(method: str, **args: Any) -> dict[str, Any]:
    return call(f"hunt.{method}", **args)


def test_hunt_refusals_and_reasons_have_msgs() -> None:
    """H3.3: the first leopard must go where it can jump; an illegal move is refused with its
    reason as reason_msg; explain, bad notation (H8) and a corrupt save carry msgs too."""
    snap = hunt("new_game", side="L", seed=1)["result"]
    assert snap["reason"] == "" and snap["reason_msg"] is None
    points = [p["name"] for p in hunt("board")["result"]["points"]]
    wrong = next(p for p in points if p not in snap["legal_moves"])
    answer = hunt("play", move=wrong)
    assert answer["kind"] == "illegal_move"
    msg = refused(answer, "hunt.move.illegal_at")
    assert rebuilt(answer["reason_msg"]) == msg.params["reason"]
    assert answer["reason"] == str(msg.params["reason"])
    explained = hunt("explain", move=wrong)["result"]
    assert explained["legal"] is False and rebuilt(explained["reason_msg"]) == msg.params["reason"]
    legal = hunt("explain", move=snap["legal_moves"][0])["result"]
    assert legal == {"legal": True, "reason": "", "reason_msg": None, "rule": None}
    refused(hunt("play", move="zz"), "hunt.notation.move_shape")
    assert hunt("restore", text="{}")["kind"] == "corrupt_save"
    refused(hunt("restore", text="{}"), "save.wrong_format")  # one save envelope for every game
    refused(hunt("hops", path=["e5", "q9"]), "hunt.hops.bad_point")


def test_a_finished_hunt_game_says_why_as_a_msg() -> None:
    """H7.1: twelve cows captured ends the game; the snapshot's reason has its reason_msg, and a
    move after the end quotes it."""
    cells = ["."] * 49
    cells[0] = cells[1] = "L"
    for index in range(2, 2 + HERD - CAPTURE_GOAL):
        cells[index * 2] = "C"
    state = HuntState.from_position(f"{''.join(cells)} C 0 0")
    assert state.over and state.reason_msg == Message("hunt.end.captured", count=CAPTURE_GOAL)
    snap = HuntSession(state, "C", "random", 1).snapshot()
    assert snap["reason"] == str(state.reason_msg) == "the leopards captured 12 cows (H7.1)"
    assert snap["reason_msg"] == state.reason_msg.as_json()
    assert state.why_illegal(HuntMove.parse("e5")) == Message("hunt.over", reason=state.reason_msg)


def test_messages_module_names_its_english_once() -> None:
    """Every template is reachable from the module's one table (no second copy of the words)."""
    assert messages.ENGLISH is ENGLISH and len(ENGLISH) > 200
