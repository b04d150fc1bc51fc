"""Eleusis's command line: ``python -m leopard_core eleusis play|rule|simulate``."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import run_cli as run


def test_rule_reports_wording_size_acceptance_and_checks() -> None:
    status, text = run(["eleusis", "rule", "differ(colour)"])
    assert status == 0
    assert "English: Play a card of a different colour from the last card." in text
    assert "Spanish: " in text and "size: " in text
    assert "acceptance: 50% of the cards" in text and "dealer's checks: passed" in text
    assert "difficulty: " in text and "dead end: none" in text


def test_rule_that_fails_the_dealers_checks_e2_4() -> None:
    status, text = run(["eleusis", "rule", "spade & face"])
    assert status == 1 and "dealer's checks: it accepts almost no card (6%)" in text
    status, text = run(["eleusis", "rule", "!(spade & face)"])
    assert status == 1 and "dealer's checks: it accepts almost every card (94%)" in text
    status, text = run(["eleusis", "rule", "red & black"])
    assert status == 1 and "dead end: after KC" in text   # the first starter, in the card order


def test_unreadable_rule_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["eleusis", "rule", "red("])
    assert status == 2 and "red(" in capsys.readouterr().err


def test_play_a_hand_in_the_terminal() -> None:
    moves = "\n".join(["play ZZ", "?", "noplay"] + ["pass", "noplay"] * 150)
    status, text = run(["eleusis", "play", "--bots", "2", "--seed", "4"], stdin=moves)
    assert status == 0
    assert "bad move 'play ZZ'" in text and "| noplay" in text
    assert "seat 0 called No play" in text
    assert "game over:" in text or "bye" in text


def test_play_as_dealer_watches_the_computer_players() -> None:
    status, text = run(["eleusis", "play", "--bots", "2", "--seed", "2", "--rule", "differ(colour)"])
    assert status == 0 and "game over:" in text and "the rule was differ(colour)" in text
    assert "play>" not in text                 # the person dealt: never asked to play


def test_simulate_prints_figures() -> None:
    status, text = run(["eleusis", "simulate", "--hands", "2", "--seed", "1", "--bots", "2"])
    assert status == 0 and text.count("hand ") >= 2 and "mean turns" in text


def test_bad_settings_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["eleusis", "simulate", "--bots", "9"])[0] == 2
    assert "computer players" in capsys.readouterr().err
    assert run(["eleusis", "play", "--level", "grandmaster"])[0] == 2


def test_python_m_runs_the_eleusis_command() -> None:
    done = subprocess.run([sys.executable, "-m", "leopard_core", "eleusis", "rule", "red"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "English: Play a red card." in done.stdout
