"""The guided first hand (issue 10): the script can be completed with the engine, every scripted
move is legal, each step shows the rule it names, and a wrong move changes nothing."""

from __future__ import annotations

import json
import re
from typing import Any

from conftest import ref_hand_score, ref_legal_moves, ref_raw_value

from leopard_core.games.leopard.moves import Move
from leopard_core.games.leopard.session import Session
from leopard_core.games.leopard.state import HandState
from leopard_core.games.leopard.tutorial import STEPS, TutorialGame, tutorial_deck
from leopard_core.webapi import handle


def call(method: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "args": args})))
    return answer


def walk(state: HandState, step: int, path: list[str], finished: list[list[str]]) -> None:
    """Every path through the script's accepted moves; each move checked against the reference
    legality of RULES.md (conftest) and the engine."""
    if step == len(STEPS):
        assert state.over
        finished.append(path)
        return
    assert state.to_move == 0 and not state.over
    own, opp = str(state.square(0, 0)), str(state.square(1, 0))
    reference = ref_legal_moves(own, opp, [str(c) for c in state.hand(0)], "standard")
    for text in STEPS[step].accepted:
        assert text in reference, (step, text)
        assert text in [str(m) for m in state.legal_moves()]
        branch = state.clone()
        branch.apply(text)
        reply = STEPS[step].reply
        if reply is not None:
            assert branch.to_move == 1
            bot_own, bot_opp = str(branch.square(1, 1)), str(branch.square(0, 1))
            assert reply in ref_legal_moves(bot_own, bot_opp, [str(c) for c in branch.hand(1)], "standard")
            branch.apply(reply)
        walk(branch, step + 1, [*path, text], finished)


def test_every_scripted_move_is_legal_on_every_accepted_path() -> None:
    finished: list[list[str]] = []
    walk(TutorialGame().state, 0, [], finished)
    assert len(finished) == 3  # the jack may spoil the computer's row on any of its three spaces


def test_the_deck_is_two_decks_and_the_computer_deals() -> None:
    deck = tutorial_deck()
    assert len(deck) == 104 and all(deck.count(card) == 2 for card in set(deck))
    game = TutorialGame()
    assert game.state.dealer == 1 and game.state.to_move == 0  # R1.4: the non-dealer moves first
    assert game.cut[-1][1].rank > game.cut[-1][0].rank  # R1.3: the higher cut deals


def test_the_steps_show_every_rule_the_issue_names() -> None:
    """Judged from the engine's squares as the moves are made, not from the titles."""
    state = TutorialGame().state
    shown = set()
    for step in STEPS:
        move = Move.parse(step.accepted[0])
        if move.kind == "play":
            assert move.card is not None and move.space is not None
            rank, own = move.card.rank, move.square == "own"
            target = state.square(0 if own else 1)
            if rank <= 9 and own:
                shown.add("number on its own space")
            if rank == 10 and own:
                shown.add("10 on your square")
            if rank == 13 and not target.is_empty(move.space):
                shown.add("king on top")
            if rank == 11 and not own and target.scoring_lines():
                before = state.raw_value(1)
                after = state.clone()
                after.apply(move)
                if after.raw_value(1) < before:
                    shown.add("jack on the computer's line")
            if rank == 12 and own:
                shown.add("queen changes a spot")
        elif move.kind == "out":
            shown.add("going out")
        state.apply(move)
        if step.reply:
            state.apply(step.reply)
    assert shown == {"number on its own space", "10 on your square", "king on top",
                     "jack on the computer's line", "queen changes a spot", "going out"}
    assert {step.rule for step in STEPS} == {"R3", "R5", "R6"}


def test_completed_move_by_move_through_the_webapi() -> None:
    snap = call("tutorial_start")["result"]
    assert snap["tutorial"]["step"] == 0 and snap["game"]["hands"] == 1
    while not snap["game"]["over"]:
        if snap["bot_to_move"]:
            snap = call("bot_move")["result"]["snapshot"]
            continue
        step = snap["tutorial"]
        assert step["accepted"] == list(STEPS[step["step"]].accepted)
        assert set(step["accepted"]) <= set(snap["legal_moves"])
        wrong = [m for m in snap["legal_moves"] if m not in step["accepted"]]
        if wrong:
            before = call("save")["result"]["text"]
            refused = call("play", move=wrong[0])
            # The refusal quotes the step's prompt, in English and as a message for the page.
            not_quite = {"code": "tutorial.not_quite", "params": {"prompt": step["prompt_msg"]}}
            assert refused == {"ok": False, "kind": "tutorial", "error": f"Not quite: {step['prompt']}",
                               "msg": not_quite}
            assert call("save")["result"]["text"] == before
            assert call("explain", move=wrong[0])["result"] == {
                "legal": False, "reason": refused["error"], "reason_msg": not_quite}
        hinted = call("hint")["result"]
        assert hinted["move"] == step["accepted"][0]
        snap = call("play", move=step["accepted"][0])["result"]
        said = snap["tutorial"]["said"]
        # The values quoted are the engine's, as the reference scoring confirms.
        for number in re.findall(r"(?:worth|fell to) (\d+)(?! would)", said):
            assert int(number) in (ref_raw_value(snap["own"]["n2"]), ref_raw_value(snap["opp"]["n2"]))
    own_raw = ref_raw_value(snap["own"]["n2"])
    assert own_raw >= 7  # R6.1: going out needed 7
    you, them = ref_hand_score(own_raw, True), ref_hand_score(ref_raw_value(snap["opp"]["n2"]), False)
    assert snap["game"]["sheet"] == [{"own": you, "opp": them, "went_out": "own"}]
    said = snap["tutorial"]["said"]
    assert f"you score {you}" in said and f"computer scores {them}" in said
    assert snap["tutorial"]["done"] is True
    assert call("game_record")["ok"] is False  # the guided hand is not counted


def test_a_saved_tutorial_resumes_at_its_step_and_undo_goes_back_a_step() -> None:
    session = Session.guided()
    for step in STEPS[:3]:
        session.play(step.accepted[0])
        session.bot_move()
    restored = Session.restore(session.save())
    assert restored.tutorial is not None and restored.snapshot()["tutorial"]["step"] == 3
    assert restored.snapshot() == session.snapshot()
    restored.undo()
    info = restored.snapshot()["tutorial"]
    assert info["step"] == 2 and info["accepted"] == list(STEPS[2].accepted)
    restored.play(STEPS[2].accepted[0])
    assert restored.snapshot()["tutorial"]["step"] == 3
