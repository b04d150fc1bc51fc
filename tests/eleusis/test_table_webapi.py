"""The Eleusis bridge (``eleusis.*``): answers carry only what the person (seat 0) may see (E14)."""

from __future__ import annotations

import json
from typing import Any

from conftest import bridge_answer as call
from conftest import bridge_result as ok


def play_out(snap: dict[str, Any], limit: int = 3000) -> dict[str, Any]:
    """Let the computer players move and the person play their first listed move until the end."""
    for _ in range(limit):
        if snap["over"]:
            return snap
        if snap["bot_to_move"]:
            snap = ok("eleusis.bot_move")["snapshot"]
            continue
        move = snap["legal_moves"][0]
        if move.startswith("play"):
            snap = ok("eleusis.play", cards=move.split()[1:])
        elif move == "deal random":
            snap = ok("eleusis.next_hand")
        else:
            verdict = {"right": move == "judge right"} if move.startswith("judge") else {}
            snap = ok("eleusis." + move.split()[0], **verdict)
    raise AssertionError("the game did not end")


def one_move(snap: dict[str, Any]) -> dict[str, Any]:
    """The computer player to move moves, or the person makes their first listed move."""
    if snap["bot_to_move"]:
        return dict(ok("eleusis.bot_move")["snapshot"])
    move = snap["legal_moves"][0]
    if move.startswith("play"):
        return dict(ok("eleusis.play", cards=move.split()[1:]))
    verdict = {"right": move == "judge right"} if move.startswith("judge") else {}
    return dict(ok("eleusis." + move.split()[0], **verdict))


def test_e14_new_game_shows_the_persons_hand_and_never_the_rule() -> None:
    snap = ok("eleusis.new", game="eleusis", bots=3, seed=4, difficulty="easy")
    assert snap["seats"] == 4 and snap["person"] == 0 and len(snap["hand"]) == 14
    assert snap["hand_counts"] == [14, 14, 14, 14] and snap["rule"] is None and not snap["bot_to_move"]
    assert "play " + snap["hand"][0] in snap["legal_moves"]
    saved = ok("eleusis.save")["text"]
    rule = json.loads(json.loads(saved)["game"])["dealt"][0]
    snap = ok("eleusis.play", cards=[snap["hand"][0]])
    while snap["bot_to_move"] and not snap["over"]:
        answer = ok("eleusis.bot_move")
        assert answer["seat"] != 0
        snap = answer["snapshot"]
        assert rule not in json.dumps({k: v for k, v in snap.items() if k != "log"})
    snap = play_out(snap)
    assert snap["results"][0]["rule"] == rule              # E10.5: shown at the end


def test_the_person_deals_and_watches() -> None:
    snap = ok("eleusis.new", game="express", bots=2, seed=1, rule="differ(colour)")
    assert snap["dealer"] == 0 and snap["rule"] == "differ(colour)" and snap["hand"] == []
    assert snap["bot_to_move"]
    snap = play_out(snap)
    assert snap["over"] and snap["results"][0]["dealer"] == 0
    bad = call("eleusis.new", game="express", bots=2, seed=1, rule="nonsense(")
    assert not bad["ok"] and bad["kind"] in ("bad_request", "illegal_move") and "nonsense(" in bad["error"]


def test_every_player_deals_and_the_person_gives_a_rule() -> None:
    snap = ok("eleusis.new", game="express", bots=2, seed=2, all_deal=True)
    assert snap["dealer"] == 1 and snap["bot_to_move"]
    answer = ok("eleusis.bot_move")
    assert answer["move"] == "deal"                         # the computer dealer's rule stays secret
    snap = answer["snapshot"]
    while snap["hand_number"] < 2:
        snap = one_move(snap)
    assert snap["dealer"] == 0 and snap["to_move"] == 0 and snap["legal_moves"] == ["deal random"]
    refused = call("eleusis.next_hand", rule="red(")
    assert refused["kind"] == "illegal_move" and "red(" in refused["error"]
    snap = ok("eleusis.next_hand", rule="differ(colour)")
    assert snap["rule"] == "differ(colour)" and snap["hand"] == []   # the dealer knows their rule
    snap = play_out(snap)
    assert len(snap["results"]) == 3 and len(snap["totals"]) == 3


def test_a_finished_hand_keeps_its_mainline_for_the_next_hands_sheet() -> None:
    """A whole game begins the next hand at once (E13): the finished hand's result carries its
    mainline, the same cards the table showed at its last move, and a restore rebuilds it."""
    snap = ok("eleusis.new", game="express", bots=2, seed=2, all_deal=True)
    last_mainline: list[str] = []
    while not snap["results"]:
        last_mainline = snap["mainline"]
        snap = one_move(snap)
    result = snap["results"][0]
    assert snap["phase"] == "deal" and snap["mainline"] == []           # the next hand waits for its dealer
    assert result["mainline_cards"][:len(last_mainline)] == last_mainline
    assert len(result["mainline_cards"]) == result["mainline"] >= len(last_mainline)
    restored = ok("eleusis.restore", text=ok("eleusis.save")["text"])
    assert restored["results"][0]["mainline_cards"] == result["mainline_cards"]


def test_refusals_are_kinds_with_messages() -> None:
    snap = ok("eleusis.new", game="express", bots=2, seed=5)
    answer = call("eleusis.play", cards=["7H", "8H"])
    assert answer["kind"] == "illegal_move" and answer["reason_msg"]["code"] in (
        "eleusis.illegal.no_strings", "eleusis.illegal.not_in_hand")
    assert call("eleusis.play", cards=["ZZ"])["kind"] == "bad_request"
    assert call("eleusis.judge", right=True)["kind"] == "illegal_move"
    assert call("eleusis.bot_move")["msg"]["code"] == "eleusis.session.not_computer"
    ok("eleusis.play", cards=[snap["hand"][0]])
    snap = ok("eleusis.state")
    if snap["bot_to_move"]:
        assert call("eleusis.noplay")["msg"]["code"] == "eleusis.session.not_yours"
    assert call("eleusis.new", bots=7)["msg"]["code"] == "eleusis.session.bots"
    assert call("eleusis.new", bots=2, level="grandmaster")["msg"]["code"] == "eleusis.session.level"
    assert call("eleusis.nothing")["kind"] == "bad_request"
    assert call("eleusis.explain", seat=0)["msg"]["code"] == "eleusis.session.seat"
    assert "explanation" in ok("eleusis.explain", seat=1)


def test_save_and_restore_go_on_identically() -> None:
    ok("eleusis.new", game="eleusis", bots=3, seed=9)
    snap = ok("eleusis.play", cards=[ok("eleusis.state")["hand"][0]])
    text = ok("eleusis.save")["text"]
    moves_a = []
    for _ in range(6):
        if not snap["bot_to_move"]:
            break
        answer = ok("eleusis.bot_move")
        moves_a.append(answer["move"])
        snap = answer["snapshot"]
    ok("eleusis.restore", text=text)
    moves_b = [ok("eleusis.bot_move")["move"] for _ in moves_a]
    assert moves_a == moves_b
    for bad in ("", "{}", '{"format": "leopard-eleusis-session", "version": 1}', "[1]"):
        assert call("eleusis.restore", text=bad)["kind"] == "corrupt_save"
    assert ok("eleusis.levels")["levels"]
