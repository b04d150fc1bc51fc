"""The hunt's Review (``leopard_core.games.hunt.review`` and the bridge's ``hunt.review_*``).

Planted slips of both sides are marked with the move that avoids them; the review's own best move
is never marked; a review is the same whatever order its moves are asked in and on every run; Play
on from here gives the game cut before the move, against the same computer.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import bridge_answer, bridge_result

from leopard_core.games.hunt import review
from leopard_core.games.hunt.board import INDEX
from leopard_core.games.hunt.moves import Move
from leopard_core.games.hunt.room import room_of
from leopard_core.games.hunt.session import HuntSession, review_game
from leopard_core.games.hunt.state import HuntState

call, ok = bridge_answer, bridge_result
NOTATION = re.compile(r"[a-i][1-9][-x][a-i][1-9]|\b[a-i][1-9] would\b")  # "e3-e4", "g5xe5", "e3 would"


def and_list(points: list[str]) -> object:
    """The cows of a jump as the review sends them: one point, or nested ``list.and`` and
    ``list.comma`` messages (the page joins them in its language)."""
    if len(points) == 1:
        return points[0]
    if len(points) == 2:
        return {"code": "list.and", "params": {"a": points[0], "b": points[1]}}
    return {"code": "list.comma", "params": {"a": points[0], "b": and_list(points[1:])}}


def session_save(person: str, moves: list[str], level: str = "search", seed: int = 7,
                 compulsory: bool = True) -> str:
    """A session's save of a game whose moves are given (both sides'), as the page keeps it."""
    settings = {"side": person, "level": level, "seed": seed, "compulsory_capture": compulsory}
    session = HuntSession.new(settings)
    for move in moves:
        session.state.apply(move)
    return session.save()


def played_game(person: str, seed: int, plies: int) -> str:
    """A game of the hard level against a greedy "person", ``plies`` moves long (or to its end)."""
    from leopard_core.games.hunt.bots import make_bot

    session = HuntSession.new({"side": person, "level": "search", "seed": seed})
    state = session.state
    while not state.over and len(state.history) < plies:
        level = "greedy" if state.to_move == person else "search"
        state.apply(make_bot(level, f"{seed}:{len(state.history)}").choose(state))
    return session.save()


# ----------------------------------------------------------------- planted slips


def test_a_cows_slip_is_marked_with_the_move_that_avoids_it() -> None:
    """Leopards on e5 and a3, a cow on e3: placing on a5 lets e5 take five cows; e7 (the search's
    move) leaves one (docs/hunt-rules.md, the choice of the opening)."""
    text = session_save("C", ["e5", "e3", "a3", "a5"])
    mark = ok("hunt.review_step", text=text, ply=3)
    assert mark["played"] == "a5" and mark["best"] == "e7" and mark["flagged"]
    [finding] = mark["findings"]
    assert finding["kind"] == "cows" and finding["msg"]["code"] == "hunt.review.cows_fewer"
    assert finding["msg"]["params"] == {
        "count": 5, "instead": 1, "best": {"code": "hunt.words.by.place_cow", "params": {"point": "e7"}},
        "reply": {"code": "hunt.words.does.jumps", "params": {"start": "e5", "end": "e7", "cows": and_list(
            ["e6", "d6", "d5", "f5", "f6"])}}}
    assert mark["best_words"] == {"code": "hunt.words.play.place_cow", "params": {"point": "e7"}}
    assert mark["cost"] == 4
    # The avoiding move really avoids it: after e7 the leopards' best jump takes one cow.
    after = HuntState.new().apply("e5").apply("e3").apply("a3").apply("e7")
    assert max(len(m.points) - 1 for m in after.legal_moves() if m.kind == "jump") == 1


def test_a_leopards_missed_capture_is_marked() -> None:
    """Capture not compulsory (H6.2): with the cows placed on g4 and a5 (none on the landing points
    round the centre), the leopard on g9 steps instead of the leopard on c3 jumping eight cows."""
    text = session_save("L", ["c3", "g4", "g9", "a5", "g9-e9"], compulsory=False)
    mark = ok("hunt.review_step", text=text, ply=4)
    assert mark["flagged"] and mark["played"] == "g9-e9" and mark["best"] == "c3xe5xc5xe7xe5xg3xg5xe5xe3"
    assert [f["kind"] for f in mark["findings"]] == ["fewer"]
    assert mark["findings"][0]["msg"] == {"code": "hunt.review.fewer", "params": {"count": 8, "best": {
        "code": "hunt.words.by.jumps",
        "params": {"start": "c3", "end": "e3",
                   "cows": and_list(["d4", "d5", "d6", "e6", "f4", "g4", "f5", "e4"])}}}}
    assert mark["cost"] == 8


def test_a_seeming_trap_the_search_sees_through_is_not_marked() -> None:
    """The leopard on f7 steps to e7 and blocks the way out of the leopard on e9, so the cows' d8-e8
    shuts it in for a move (the first review marked it). But it is no trap: the leopard on e7 steps
    away and the one on e9 can move again whatever the cows do (and takes the twelfth cow if they
    leave e8); the search rates f7-e7 about as good as its f7-f6, and the review does not mark a
    move the search does not see lose."""
    before = HuntState.from_position("CLCC......L..C......CC......CCC.....C.C..C....C.. L 0 0")
    after = before.clone()
    for move in ("f7-e7", "d8-e8", "e7-e6"):
        after.apply(move)
    for reply in after.legal_moves():
        then = after.clone()
        then.apply(reply)
        assert room_of(then.board, INDEX["e9"]) > 0, reply
    mark = review.review_position(before, Move.parse("f7-e7"), ply=40)
    assert mark["best"] == "f7-f6" and not mark["flagged"] and mark["loss"] < review.CLEAR_LOSS


# A game the greedy level played as the Cows against the hard level (seed 2): after d4xf6 the
# leopards stand on e7 and f6, cows on f5, e4, f4, d3 and g3.
COWS_GAME = ["e5", "e3", "f3", "g3", "e5xe7xc5xe5xg5xe7", "f5", "f3xd3xd5", "e5", "d5-d4", "d3", "d4xf6"]


def test_a_cows_slip_whose_cost_shows_two_moves_later_is_marked() -> None:
    """Placing on g6 gives the leopards no jump at once, so the first review let it pass; but f6-e5
    then threatens both f5 and the pair e4, d3, and the cows can block only one threat: the
    leopards take cows on their second move. The search's e3 covers it."""
    after = HuntState.new()
    for move in [*COWS_GAME, "g6"]:
        after.apply(move)
    assert not any(move.kind == "jump" for move in after.legal_moves())  # nothing on the next reply
    after.apply("f6-e5")
    for reply in after.legal_moves():  # whatever the cows place, the leopards take a cow
        then = after.clone()
        then.apply(reply)
        assert any(move.kind == "jump" for move in then.legal_moves()), reply
    mark = ok("hunt.review_step", text=session_save("C", [*COWS_GAME, "g6"], seed=2), ply=11)
    assert mark["flagged"] and mark["played"] == "g6" and mark["best"] == "e3"
    [finding] = mark["findings"]
    assert finding["kind"] == "cows" and finding["moves"] == 2
    assert finding["msg"] == {"code": "hunt.review.deep_cows",
                              "params": {"count": 2, "moves": 2, "best": {
                                  "code": "hunt.words.by.place_cow", "params": {"point": "e3"}}}}
    assert finding["text"] == ("this lets the leopards take 2 cows in their next 2 moves; "
                               "by placing a cow on e3 you would keep them safe")
    assert mark["cost"] == 2 and mark["loss"] >= review.CLEAR_LOSS


# A game the greedy level played as the Leopards against the hard level (seed 2): leopards on e3 and
# g5; fourteen cows round the centre.
LEOPARDS_GAME = ["e5", "g3", "g5", "c5", "g5xe3", "g5", "e5xe7", "e5", "e7-e6", "c6", "e6xg6xg4", "f3",
                 "g4-g5", "f4"]


def test_a_capture_missed_three_moves_ahead_is_marked() -> None:
    """e3-e2 takes the leopard out of the fight; g5-f6 threatens the cows so that they cannot guard
    everything: the leopards would take two cows on their next two moves (the search's line)."""
    after = HuntState.new()
    for move in [*LEOPARDS_GAME, "g5-f6"]:
        after.apply(move)
    for reply in after.legal_moves():  # whatever the cows do after g5-f6, a leopard can take a cow
        then = after.clone()
        then.apply(reply)
        assert any(move.kind == "jump" for move in then.legal_moves()), reply
    text = session_save("L", [*LEOPARDS_GAME, "e3-e2"], seed=2)
    mark = ok("hunt.review_step", text=text, ply=14)
    assert mark["flagged"] and mark["played"] == "e3-e2" and mark["best"] == "g5-f6"
    [finding] = mark["findings"]
    assert finding["kind"] == "fewer" and finding["moves"] == 3
    assert finding["msg"] == {"code": "hunt.review.deep_fewer",
                              "params": {"count": 2, "moves": 3, "best": {
                                  "code": "hunt.words.by.step_leopard",
                                  "params": {"start": "g5", "end": "f6"}}}}
    assert finding["text"] == ("you would take 2 cows within 3 moves by moving the leopard on g5 to f6; "
                               "after this move, none")
    assert mark == ok("hunt.review_step", text=text, ply=14)  # the same on every run


def test_a_move_as_good_as_the_best_is_never_marked() -> None:
    """After the first leopard on the centre the board is the same seen in a mirror (files a..i
    turned round): the mirror image of the search's best move is exactly as good, so no mark."""
    before = HuntState.new().apply("e5")
    best = review.best_move(before, 1)
    mirrored = "".join(chr(ord("a") + ord("i") - ord(c)) if c.isalpha() else c for c in str(best))
    assert mirrored != str(best)  # the search's placement is off the middle file: a real other move
    mark = review.review_position(before, Move.parse(mirrored), ply=1)
    assert mark["loss"] == 0 and not mark["flagged"] and not mark["same"]


def test_a_verdict_out_of_budget_compares_both_moves_one_turn_shallower(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With too small a budget for the played move's exact value, both moves are valued at a
    shallower depth, the same for both: the verdict still holds the same best move, is never
    negative and is the same on every run."""
    before = HuntState.new()
    for move in COWS_GAME:
        before.apply(move)
    full = review.judge(before, Move.parse("g6"), 11)
    monkeypatch.setattr(review, "JUDGE_NODES", 40)
    short = review.judge(before, Move.parse("g6"), 11)
    assert short.best == full.best and short.depth < full.depth and short.loss >= 0
    assert short == review.judge(before, Move.parse("g6"), 11)


def test_escape_and_missed_win_of_the_cows() -> None:
    """A leopard shut in on c1 (cows e1 g1 d2 e3): moving the cow off e3 lets it out (and take
    two cows); with the other leopard shut in too, any move keeping both in wins at once."""
    def position(cows: list[str], leopards: list[str]) -> HuntState:
        from leopard_core.games.hunt.board import INDEX

        cells = ["."] * 49
        for name in cows:
            cells[INDEX[name]] = "C"
        for name in leopards:
            cells[INDEX[name]] = "L"
        return HuntState.from_position("".join(cells) + " C 0 0")

    trap = ["e1", "g1", "d2", "e3"]
    far = ["c9", "e9", "g9", "d8", "f8", "e8", "a3", "a5", "a7", "i3", "i5", "i7"]
    one = position([*trap, *far], ["c1", "e5"])
    found = review.findings(one, Move.parse("e3-d3"), Move.parse("a5-b5"))
    assert [f["kind"] for f in found] == ["cows", "escape"]
    assert found[0]["msg"]["code"] == "hunt.review.cows" and found[0]["cost"] == 2
    a5_b5 = {"code": "hunt.words.by.step_cow", "params": {"start": "a5", "end": "b5"}}
    c1_c3 = {"code": "hunt.words.does.jumps",
             "params": {"start": "c1", "end": "c3", "cows": and_list(["d2", "d3"])}}
    assert found[0]["msg"]["params"] == {"count": 2, "reply": c1_c3, "best": a5_b5}
    assert found[0]["text"] == ("this let the leopards take 2 cows at once: the leopard on c1 jumps the "
                                "cows on d2 and d3 and lands on c3; by moving the cow on a5 to b5 you would "
                                "have kept them safe")
    # Ten cows taken already (two cows fewer far away): the two that e3-d3 lets go are the twelfth
    # and the game (H7.1).
    ten = position([*trap, "c9", "e9", "g9", "d8", "f8", "c7", "g7", "a3", "i3", "a7"], ["c1", "e5"])
    assert ten.captured == 10
    [game, _] = review.findings(ten, Move.parse("e3-d3"), Move.parse("a3-b4"))
    assert game["msg"]["code"] == "hunt.review.cows_game" and game["cost"] == review.GAME_WORTH
    a3_b4 = {"code": "hunt.words.by.step_cow", "params": {"start": "a3", "end": "b4"}}
    assert game["msg"]["params"] == {"reply": c1_c3, "best": a3_b4}
    assert found[1]["msg"]["params"] == {"point": "c1", "best": a5_b5}
    both = position(["e1", "g1", "d2", "e3", "e9", "g9", "d8", "e7", "a3", "a5", "a7", "i3", "i5", "i7"],
                    ["c1", "c9"])
    mark = review.review_position(both, Move.parse("e3-d3"), ply=41)  # the search sees the win too
    assert [f["kind"] for f in mark["findings"]] == ["win"] and mark["cost"] == review.GAME_WORTH
    assert child_wins(both, Move.parse(mark["best"]))


def child_wins(state: HuntState, move: Move) -> bool:
    after = state.clone()
    after.apply(move)
    return after.over and after.winner == "C"


# ----------------------------------------------------------------- never a false mark


@pytest.mark.parametrize("person", ["C", "L"])
def test_the_best_move_is_never_marked(person: str) -> None:
    """Every position of the person's in a played game: the review's own move gets no mark, and a
    mark's findings all cost something and name moves in words, never in the notation (H8)."""
    game = review_game(played_game(person, seed=3, plies=40))
    for ply in review.persons_plies(game):
        before = game.state_before(ply)
        best = review.best_move(before, ply)
        assert not review.review_position(before, best, ply)["flagged"]
        mark = review.review_move(game, ply)
        assert mark["flagged"] == bool(mark["findings"]) and all(f["cost"] > 0 for f in mark["findings"])
        assert mark["loss"] >= 0 and (mark["loss"] >= review.CLEAR_LOSS or not mark["flagged"])
        assert mark["same"] == (mark["played"] == mark["best"]) and not (mark["same"] and mark["flagged"])
        for finding in mark["findings"]:
            assert not NOTATION.search(finding["text"]) and " on " in finding["text"], finding["text"]


def test_a_review_is_the_same_in_any_order_and_on_every_run() -> None:
    text = played_game("C", seed=5, plies=30)
    plies = ok("hunt.review_open", text=text)["persons_plies"]
    forward = [ok("hunt.review_step", text=text, ply=p) for p in plies]
    backward = [ok("hunt.review_step", text=text, ply=p) for p in reversed(plies)]
    assert forward == backward[::-1]
    assert [m["best"] for m in forward] == [ok("hunt.review_step", text=text, ply=p)["best"] for p in plies]


# ----------------------------------------------------------------- the bridge


def test_review_open_gives_a_frame_per_position() -> None:
    text = session_save("C", ["e5", "e3", "a3", "a5", "e5xe7xc5xe5xg5xe7"])
    opening = ok("hunt.review_open", text=text)
    assert opening["person"] == "C" and opening["persons_plies"] == [1, 3]
    assert len(opening["frames"]) == 6 and opening["moves"][-1] == "e5xe7xc5xe5xg5xe7"
    assert opening["frames"][0]["cells"].count("C") == 8 and opening["frames"][0]["last_move"] is None
    assert opening["frames"][5]["captured"] == 5 and opening["frames"][5]["last_move"] == "e5xe7xc5xe5xg5xe7"
    assert opening["key"] == ok("hunt.review_open", text=text)["key"] != ok(
        "hunt.review_open", text=session_save("C", ["e5", "e3"]))["key"]


def test_every_move_comes_in_words_told_to_the_person() -> None:
    """The page says a move just played (status line) and a move of the replay in the engine's
    words, whose cows are the points each hop goes over (H5.1): it computes none of it itself."""
    moves = ["e5", "e3", "a3", "a5", "e5xe7xc5xe5xg5xe7", "c9", "e7-d8"]
    # e6, d6, d5, f5 and f6: a list the page joins in its own language (list.comma, list.and)
    cows = {"code": "list.comma", "params": {"a": "e6", "b": {"code": "list.comma", "params": {
        "a": "d6", "b": {"code": "list.comma", "params": {
            "a": "d5", "b": {"code": "list.and", "params": {"a": "f5", "b": "f6"}}}}}}}}
    jump = {"code": "hunt.words.computer.jumps", "params": {"start": "e5", "end": "e7", "cows": cows}}
    opening = ok("hunt.review_open", text=session_save("C", moves, compulsory=False))
    assert opening["moves_words"] == [
        {"code": "hunt.words.computer.place_leopard", "params": {"point": "e5"}},
        {"code": "hunt.words.you.place_cow", "params": {"point": "e3"}},
        {"code": "hunt.words.computer.place_leopard", "params": {"point": "a3"}},
        {"code": "hunt.words.you.place_cow", "params": {"point": "a5"}},
        jump,
        {"code": "hunt.words.you.place_cow", "params": {"point": "c9"}},
        {"code": "hunt.words.computer.step_leopard", "params": {"start": "e7", "end": "d8"}},
    ]
    assert ok("hunt.restore", text=session_save("C", moves[:5]))["last_move_words"] == jump
    as_leopards = ok("hunt.restore", text=session_save("L", moves[:5]))["last_move_words"]
    assert as_leopards == {**jump, "code": "hunt.words.you.jumps"}
    one_cow = ok("hunt.restore", text=session_save("L", [*moves[:4], "e5xe7"], compulsory=False))
    assert one_cow["last_move_words"] == {
        "code": "hunt.words.you.jump", "params": {"start": "e5", "end": "e7", "cows": "e6"}}
    assert ok("hunt.new_game", side="C", seed=1)["last_move_words"] is None


def test_review_of_the_game_in_play_and_bad_requests() -> None:
    ok("hunt.new_game", side="L", seed=2, level="greedy")
    ok("hunt.play", move="e5")
    ok("hunt.bot_move")
    assert ok("hunt.review_open")["moves"][0] == "e5"
    assert ok("hunt.review_step", ply=0)["played"] == "e5"
    for ply in (1, -1, 2, "0", True, None):  # the computer's move, out of range, not a number
        answer = call("hunt.review_step", ply=ply)
        assert answer["kind"] == "bad_request" and answer["msg"]["code"] == "hunt.review.bad_ply", ply
        assert repr(ply) in answer["error"]
    assert call("hunt.review_open", text="{}")["kind"] == "corrupt_save"
    assert call("hunt.review_step", text="not json", ply=0)["kind"] == "corrupt_save"


def test_play_on_from_a_move_cuts_the_game_and_keeps_the_computer() -> None:
    text = played_game("C", seed=4, plies=20)
    original = json.loads(text)
    moves = HuntState.restore(original["game"]).history
    snap = ok("hunt.review_play_on", text=text, ply=5)
    assert snap["history"] == [str(m) for m in moves[:5]] and snap["to_move"] == "C"
    assert snap["person"] == "C" and snap["level"] == "search" and not snap["bot_to_move"]
    # The same move as in the game brings the same answer from the computer (same seed by ply).
    ok("hunt.play", move=str(moves[5]))
    assert ok("hunt.bot_move")["move"] == str(moves[6])
    # The kept save is a text: reviewing it again gives the whole game, untouched.
    assert ok("hunt.review_open", text=text)["moves"] == [str(m) for m in moves]
    assert call("hunt.review_play_on", text=text, ply=4)["msg"]["code"] == "hunt.review.bad_ply"
