"""The rules of play of the Eleusis table, one test per rule or Choice of docs/eleusis-rules.md.

The rules here are the hand-written ones of ``eleusis_test_rules`` (``alternate``: colours
alternate; ``spades``; ``red``; ``any``; ``higher``), so these tests do not depend on the science.
A test sets up a position by hand (``rig``) when the deal would take too long to reach it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from eleusis_test_rules import TEST_BOOK

from leopard_core.cards import Card, parse_cards
from leopard_core.games.eleusis.errors import EleusisError, IllegalMove, MoveNotationError
from leopard_core.games.eleusis.table import (
    MAINLINE_EXPULSION,
    TURN_LIMIT,
    EleusisTable,
    Settings,
)


def cards(text: str) -> list[Card]:
    """Cards from space-separated E15.1 text."""
    return parse_cards(text, " ")


def table_of(game: str, rule: str, seats: int = 4, seed: int = 1) -> EleusisTable:
    """A single hand against the computer dealer with a hand-written rule."""
    return EleusisTable(Settings(game, seats), seed, TEST_BOOK, [rule])


def rig(table: EleusisTable, hands: Sequence[str], mainline: str) -> None:
    """Give the seats these hands and the mainline these cards (seat 0 to move)."""
    table.hand.hands = [cards(h) for h in hands]
    table.hand.mainline = cards(mainline)
    table.hand.mover = 0


# ---------------------------------------------------------------- E1 players


def test_e1_4_three_to_six_seats() -> None:
    for seats in (3, 6):
        assert table_of("express", "red", seats).seats() == seats
    for seats in (2, 7):
        with pytest.raises(EleusisError, match="bad number of players"):
            table_of("express", "red", seats)
    with pytest.raises(EleusisError, match="bad game"):
        EleusisTable(Settings("poker", 3), 1, TEST_BOOK, ["red"])


def test_e3_2_hands_of_14_and_12_dealt_from_the_dealers_left() -> None:
    assert [len(h) for h in table_of("eleusis", "red").hand.hands] == [14] * 4
    assert [len(h) for h in table_of("express", "red").hand.hands] == [12] * 4
    # E13.2: seat 2 deals; it gets no cards and seat 3 (its left) plays first.
    table = EleusisTable(Settings("express", 4, (2,)), 3, TEST_BOOK)
    assert table.to_move() == 2 and table.legal_moves() == ["deal random"]
    table.apply("deal red")
    assert [len(h) for h in table.hand.hands] == [12, 12, 0, 12]
    assert table.to_move() == 3 and table.players() == [3, 0, 1]


# ---------------------------------------------------------------- E2 the rule


def test_e2_2_previous_card_is_the_last_mainline_card_never_a_sideline_card() -> None:
    table = table_of("express", "alternate")
    rig(table, ["7H 8H 2S", "9D 3C", "4H 5C", "6D 7C"], "5S")
    table.apply("play 8H")                      # red after the black 5: right
    table.apply("pass")
    table.apply("play 9D")                      # red after red: wrong, goes to the sideline
    assert table.hand.mainline == cards("5S 8H")
    assert table.evidence().sideline_under(1)[0].cards == (Card(9, "D"),)
    table.apply("play 5C")                      # black after 8H (the sideline's 9D does not count)
    assert table.hand.mainline == cards("5S 8H 5C")


def test_e2_4_a_dealers_rule_is_checked() -> None:
    with pytest.raises(EleusisError, match="cannot be dealt"):
        EleusisTable.new(Settings("express", 3), 1, TEST_BOOK, rule="none")
    table = EleusisTable(Settings("express", 3, (1,)), 1, TEST_BOOK)
    with pytest.raises(IllegalMove, match="cannot be dealt"):
        table.apply("deal higher")
    with pytest.raises(IllegalMove, match="cannot be read"):
        table.apply("deal no such rule")
    assert table.hand.phase == "deal" and table.history == []
    table.apply("deal random")
    assert table.history[0].text in ("alternate", "red", "step2")   # the history keeps the rule


# ---------------------------------------------------------------- E3 the stock and the starter


def test_e3_1_the_stock_never_runs_dry_and_cards_are_conserved() -> None:
    table = table_of("express", "spades")
    start = table.cards_in_play()
    assert start == 104 and len(table.hand.stock or []) == 104 - 4 * 12 - 1
    for _ in range(60):                         # wrong cards: 2 penalty cards each
        seat = table.to_move()
        assert seat is not None
        wrong = next((c for c in table.hand.hands[seat] if c.suit != "S"), None)
        if wrong is None:
            break
        table.apply(f"play {wrong}")
        if table.hand.phase == "guess":
            table.apply("pass")
    stock = table.hand.stock
    assert stock is not None and stock.decks > 2
    assert table.cards_in_play() == 52 * stock.decks


def test_e3_4_a_starter_nothing_can_follow_goes_under_the_stock() -> None:
    found = 0
    for seed in range(400):
        table = EleusisTable(Settings("express", 3), seed, TEST_BOOK, ["higher"])
        assert table.hand.mainline[0].rank < 13          # nothing is higher than a king
        if any(m.code == "eleusis.event.redealt_starter" for m in table.hand.log):
            found += 1
            stock = table.hand.stock
            assert stock is not None and stock.cards[0].rank == 13   # the king lies at the bottom
    assert found > 0, "no deal turned a king first: the test proves nothing"


# ---------------------------------------------------------------- E4 right and wrong


def test_e4_2_e4_3_right_goes_on_the_mainline_wrong_to_the_sideline_with_two_cards() -> None:
    table = table_of("express", "red")
    rig(table, ["7H 2S 3S", "9D 3C", "4H 5C", "6D 7C"], "5S")
    table.apply("play 2S")
    assert len(table.hand.hands[0]) == 2 + 2 and table.hand.mainline == cards("5S")
    assert table.to_move() == 1                  # E4.4: the turn passes on
    table.apply("play 9D")
    assert table.hand.phase == "guess" and table.to_move() == 1


def test_e4_5_a_hand_ends_after_300_turns() -> None:
    table = table_of("express", "spades")
    while table.to_move() is not None:
        seat = table.to_move()
        assert seat is not None
        if table.hand.phase == "guess":
            table.apply("pass")
            continue
        table.apply(f"play {next(c for c in table.hand.hands[seat] if c.suit != 'S')}"
                    if any(c.suit != "S" for c in table.hand.hands[seat]) else "noplay")
    assert table.results[0].reason.code == "eleusis.end.turn_limit"
    assert table.results[0].reason.params["turns"] == TURN_LIMIT


# ---------------------------------------------------------------- E5 strings


def test_e5_strings_are_judged_whole_and_cost_twice_their_length() -> None:
    table = table_of("eleusis", "alternate")
    rig(table, ["7H 8S 9D 10C JH QS KH", "9D 3C", "4H 5C", "6D 7C"], "5S")
    table.apply("play 7H 8S 9D 10C")           # a right string of four
    assert table.hand.mainline == cards("5S 7H 8S 9D 10C")
    table.apply("pass")
    table.hand.mover = 0
    table.apply("play JH QS KH")               # right: red, black, red, and the hand is empty
    assert table.results and table.results[0].reason.code == "eleusis.end.depleted"   # E5.3


def test_e5_2_a_wrong_string_of_five_costs_ten_cards() -> None:
    table = table_of("eleusis", "alternate")
    rig(table, ["7H 8S 9D 10C JC", "9D 3C", "4H 5C", "6D 7C"], "5S")
    table.apply("play 7H 8S 9D 10C JC")         # the fifth card breaks the alternation
    assert table.hand.mainline == cards("5S") and len(table.hand.hands[0]) == 10
    assert table.evidence().plays[-1].cards == tuple(cards("7H 8S 9D 10C JC"))


def test_e5_express_plays_single_cards_only() -> None:
    table = table_of("express", "alternate")
    rig(table, ["7H 8S", "9D 3C", "4H 5C", "6D 7C"], "5S")
    with pytest.raises(IllegalMove, match="no strings"):
        table.apply("play 7H 8S")
    assert "play 7H 8S" not in table.legal_moves()


def test_e5_legal_moves_list_singles_pairs_and_no_play() -> None:
    table = table_of("eleusis", "alternate")
    rig(table, ["7H 7H 8S", "9D 3C", "4H 5C", "6D 7C"], "5S")
    moves = table.legal_moves()
    assert {"play 7H", "play 8S", "play 7H 7H", "play 7H 8S", "play 8S 7H", "noplay"} == set(moves)
    assert "play 8S 8S" not in moves
    with pytest.raises(IllegalMove, match="you do not hold 8S"):
        table.apply("play 8S 8S")


# ---------------------------------------------------------------- E6 No play


def test_e6_1_eleusis_no_play_right_gives_four_fewer_cards() -> None:
    table = table_of("eleusis", "red")
    rig(table, ["2S 3S 4S 5S 6S 7S", "9D 3C", "4H 5C", "6D 7C"], "5D")
    table.apply("noplay")
    assert len(table.hand.hands[0]) == 2 and table.evidence().no_plays[0].right
    assert table.hand.stock is not None and table.hand.stock.cards[:6] == cards("2S 3S 4S 5S 6S 7S")


def test_e6_1_eleusis_no_play_right_with_four_cards_ends_the_hand() -> None:
    table = table_of("eleusis", "red")
    rig(table, ["2S 3S 4S 5S", "9D 3C", "4H 5C", "6D 7C"], "5D")
    table.apply("noplay")
    assert table.over and table.results[0].reason.code == "eleusis.end.no_play"


def test_e6_1_eleusis_no_play_wrong_moves_the_first_right_card_and_costs_five() -> None:
    table = table_of("eleusis", "red")
    rig(table, ["KD 2S 9H 4D", "9D 3C", "4H 5C", "6D 7C"], "5D")
    table.apply("noplay")
    assert table.hand.mainline == cards("5D 4D")       # 4D before 9H and KD (E6 Choice)
    assert len(table.hand.hands[0]) == 3 + 5 and not table.evidence().no_plays[0].right


def test_e6_2_express_no_play_one_fewer_card_or_two_penalty_cards() -> None:
    table = table_of("express", "red")
    rig(table, ["2S 3S 4S", "9D 3C", "4H 5C", "6D 7C"], "5D")
    table.apply("noplay")
    assert len(table.hand.hands[0]) == 2
    table.apply("noplay")                       # seat 1 holds 9D: wrong
    assert table.hand.mainline == cards("5D 9D") and len(table.hand.hands[1]) == 1 + 2
    rig(table, ["2S", "9D 3C", "4H 5C", "6D 7C"], "5D")
    table.apply("noplay")
    assert table.results[0].reason.code == "eleusis.end.no_play"


# ---------------------------------------------------------------- E7 the prophet


def eleusis_with_prophet() -> EleusisTable:
    """Seat 0 has become the prophet after a right play of 8S (rule: colours alternate)."""
    table = table_of("eleusis", "alternate")
    rig(table, ["8S 2H 3H", "9D 3C 10H JS", "4H 5C QD KC", "6D 7C AH 2C"], "5H")
    table.apply("play 8S")
    assert table.legal_moves() == ["prophet", "pass"]
    table.apply("prophet")
    return table


def test_e7_2_the_prophet_marks_the_last_card_and_takes_no_turns() -> None:
    table = eleusis_with_prophet()
    hand = table.hand
    assert hand.prophet == 0 and hand.marker == 1 and table.to_move() == 1
    table.apply("play 9D")
    assert table.to_move() == 0 and table.legal_moves() == ["judge right", "judge wrong"]
    table.apply("judge right")
    assert table.hand.mainline[-1] == Card(9, "D") and table.hand.prophet == 0
    assert table.to_move() == 2                  # no E7.1 window: there is a prophet already
    table.apply("play 5C")
    table.apply("judge right")
    table.apply("play AH")
    table.apply("judge right")
    assert table.to_move() == 1                  # round again, past the prophet's seat


def test_e7_1_no_prophet_without_two_other_active_players() -> None:
    table = table_of("eleusis", "alternate", seats=3)
    rig(table, ["8S 2H", "9D 3C", "4H 5C"], "5H")
    table.hand.expelled.add(2)
    table.apply("play 8S")
    assert table.to_move() == 1 and table.hand.phase == "play"


def test_e7_4_false_prophet_five_cards_and_the_player_who_tripped_them_is_immune() -> None:
    table = eleusis_with_prophet()
    table.apply("play JS")                       # black after black: wrong
    table.apply("judge right")                   # the prophet errs
    hand = table.hand
    assert hand.prophet is None and hand.marker is None and 0 in hand.been_prophet
    assert len(hand.hands[0]) == 2 + 5           # E7.4: five penalty cards
    assert len(hand.hands[1]) == 3               # E8.3: no penalty for seat 1
    assert hand.plays[-1].play.right is False    # the card is on the sideline all the same
    assert table.to_move() == 1 and table.legal_moves() == ["prophet", "pass"]   # E7.1, after a turn
    table.apply("pass")
    assert table.to_move() == 2
    # E7.1: a player may not be prophet twice in a hand
    table.hand.mover = 0
    table.apply("play 2H")
    assert table.hand.phase == "play" and table.to_move() == 1


def test_e7_4_a_right_play_called_wrong_overthrows_and_goes_on_the_mainline() -> None:
    table = eleusis_with_prophet()
    table.apply("play 10H")
    table.apply("judge wrong")
    assert table.hand.mainline[-1] == Card(10, "H") and table.hand.prophet is None


def test_e7_3_the_prophet_judges_no_play_calls() -> None:
    table = eleusis_with_prophet()
    table.hand.hands[1] = cards("2S 3C")         # no red card: a right call
    table.apply("noplay")
    table.apply("judge wrong")                   # the prophet errs
    assert table.hand.prophet is None and len(table.hand.hands[0]) == 7


# ---------------------------------------------------------------- E8 expulsion


def test_e8_1_expulsion_from_the_fortieth_mainline_card_starter_included() -> None:
    table = table_of("eleusis", "any")
    line = " ".join(["2S"] * (MAINLINE_EXPULSION - 1))
    rig(table, ["3H 4H", "9D 3C", "4H 5C", "6D 7C"], line)
    assert not table.in_expulsion()
    table.hand.mainline.append(Card(2, "S"))
    assert table.in_expulsion()
    table2 = table_of("eleusis", "red")
    rig(table2, ["3S 4H", "9D 3C", "4H 5C", "6D 7C"], " ".join(["2H"] * MAINLINE_EXPULSION))
    table2.apply("play 3S")
    assert table2.hand.expelled == {0} and len(table2.hand.hands[0]) == 1 + 2   # penalty kept (E8.2)
    assert table2.to_move() == 1


def test_e8_1_thirty_cards_after_the_marker_right_and_wrong() -> None:
    table = eleusis_with_prophet()
    hand = table.hand
    hand.mainline += cards(" ".join(["2H", "3S"] * 10))          # 20 right cards after the marker
    from leopard_core.games.eleusis.evidence import Play
    from leopard_core.games.eleusis.table import SeatPlay
    hand.plays += [SeatPlay(2, Play(5, tuple(cards("4H 5H 6H 7H 8H")), False))] * 2   # 10 wrong
    assert table.in_expulsion()
    hand.plays.pop()
    assert not table.in_expulsion()


def test_e10_4_the_hand_ends_when_all_but_the_prophet_are_expelled() -> None:
    table = eleusis_with_prophet()                 # marker on 8S, mainline 5H 8S
    table.hand.expelled = {2, 3}
    table.hand.mainline += cards(" ".join(["2H", "3S"] * 15))   # 30 right cards after the marker
    assert table.in_expulsion() and table.to_move() == 1
    table.apply("play JS")                       # black after the black 3S: wrong
    table.apply("judge wrong")                   # and the prophet says so
    assert table.over and table.results[0].reason.code == "eleusis.end.expelled"
    assert table.results[0].prophet == 0


# ---------------------------------------------------------------- E9 guessing (Express)


def test_e9_guess_after_ones_right_play_wrong_costs_two_right_ends() -> None:
    table = table_of("express", "red")
    rig(table, ["7H 8S", "9D 3C 2C", "4H 5C", "6D 7C"], "5S")
    table.apply("play 7H")
    assert table.hand.phase == "guess" and table.legal_moves() == ["pass"]
    with pytest.raises(IllegalMove, match="cannot be read"):
        table.apply("guess whatever it is")
    table.apply("guess alternate")
    assert len(table.hand.hands[0]) == 1 + 2 and table.evidence().refused_guesses == ("alternate",)
    table.apply("play 9D")
    table.apply("guess red")
    result = table.results[0]
    assert result.reason.code == "eleusis.end.guessed"
    assert result.score.players == [12 - 3, 12 - 2 + 6, 12 - 2, 12 - 2] and result.score.dealer == 16


def test_e9_1_no_guess_in_eleusis_and_no_prophet_in_express() -> None:
    table = table_of("express", "red")
    rig(table, ["7H 8S", "9D 3C", "4H 5C", "6D 7C"], "5S")
    table.apply("play 7H")
    with pytest.raises(IllegalMove):
        table.apply("prophet")
    table2 = table_of("eleusis", "red")
    rig(table2, ["7H 8S", "9D 3C", "4H 5C", "6D 7C"], "5S")
    table2.apply("play 7H")
    with pytest.raises(IllegalMove, match="prophet"):
        table2.apply("guess red")


# ---------------------------------------------------------------- E13 a game, E14 views


def test_e13_every_player_deals_once_seat_1_first_the_person_last() -> None:
    settings = Settings.every_player_deals("express", 3)
    assert settings.dealers == (1, 2, 0)
    table = EleusisTable(settings, 7, TEST_BOOK)
    for hand_number, dealer in enumerate(settings.dealers):
        assert table.hand.number == hand_number and table.to_move() == dealer
        table.apply("deal red")
        assert table.hand.hands[dealer] == []
        while table.hand.number == hand_number and not table.over:
            seat = table.to_move()
            assert seat is not None and seat != dealer
            if table.hand.phase == "guess":
                table.apply("guess red")
                continue
            held = table.hand.hands[seat]
            table.apply(f"play {next((c for c in held if c.colour == 'red'), held[0])}")
    assert table.over and len(table.results) == 3
    totals = [0, 0, 0]
    for result in table.results:
        for seat in range(3):
            own = result.score.players[seat] or 0
            totals[seat] += result.score.dealer if seat == result.dealer else own
    assert table.totals() == totals


def test_e14_a_seat_sees_its_hand_the_others_counts_and_no_rule_until_the_end() -> None:
    table = table_of("express", "red")
    view = table.view(1)
    assert view["hand"] == [str(c) for c in table.held(1)] and view["hand_counts"] == [12] * 4
    assert view["rule"] is None and view["legal_moves"] == [] and "red" not in str(view)
    assert table.view(0)["legal_moves"] == table.legal_moves()
    assert table.view(None)["hand"] == []
    dealt = EleusisTable(Settings("express", 3, (1,)), 3, TEST_BOOK)
    dealt.apply("deal red")
    assert dealt.view(1)["rule"] == "red" and dealt.view(0)["rule"] is None   # the dealer knows
    rig(table, ["2H", "3S", "4S", "5S"], "5S")
    table.apply("play 2H")
    assert table.over and table.view(2)["results"][0]["rule"] == "red"        # E10.5


def test_moves_are_read_by_the_table_and_bad_text_is_refused() -> None:
    table = table_of("express", "red")
    with pytest.raises(MoveNotationError, match="'play 1Z'"):
        table.apply("play 1Z")
    with pytest.raises(IllegalMove, match="judge"):
        table.apply("judge right")


# ---------------------------------------------------------------- with the rule language


def test_e1_2_e2_3_values_stop_at_the_king_unless_the_rule_wraps() -> None:
    from leopard_core.games.eleusis.science_book import ScienceBook

    book = ScienceBook()
    table = EleusisTable(Settings("express", 3), 1, book, ["step(+1)"])
    rig(table, ["AS QS KS", "2C", "3C"], "QH")
    table.apply("play AS")                      # an ace is 1, not 14: wrong after a queen
    assert table.hand.mainline == cards("QH")
    table.hand.mover = 0
    table.apply("play KS")                      # the king is 13: right after the queen
    assert table.hand.mainline == cards("QH KS")
    refusal = book.problem(book.parse("step(+1)"))      # nothing follows a king: refused
    assert refusal is not None and refusal.code == "eleusis.rule.dead_end"
    wrapping = EleusisTable(Settings("express", 3), 1, book, ["step(+1,wrap)"])
    rig(wrapping, ["AS QS", "2C", "3C"], "KH")
    wrapping.apply("play AS")                   # the rule says values wrap: the ace follows the king
    assert wrapping.hand.mainline == cards("KH AS")
    refusal = book.problem(book.parse("step(+1,wrap)"))
    assert refusal is None or refusal.code != "eleusis.rule.dead_end"


def test_e9_2_a_guess_is_right_when_it_says_the_same_in_other_words() -> None:
    from leopard_core.games.eleusis.science_book import ScienceBook

    table = EleusisTable(Settings("express", 3), 1, ScienceBook(), ["differ(colour)"])
    rig(table, ["7H 8S", "9D 3C", "4H 5C"], "5S")
    table.apply("play 7H")
    table.apply("guess if(last.red, black, red)")
    assert table.results[0].reason.code == "eleusis.end.guessed"


def test_e11_a_hand_with_a_prophet_scored_by_hand() -> None:
    table = eleusis_with_prophet()               # seat 0 prophet, holding 2H 3H; marker on 8S
    for move, verdict in [("play 9D", "right"), ("play QD", "wrong"), ("play 7C", "right"),
                          ("play 10H JS", "right"), ("play 4H", "right"), ("play 2C 6D", "right"),
                          ("play 3C", "right")]:
        table.apply(move)
        table.apply(f"judge {verdict}")
    result = table.results[0]
    assert result.reason.code == "eleusis.end.depleted" and result.held == [2, 0, 4, 1]
    # By hand: the most cards is 4. The prophet: 4 - 2 = 2, plus 8 right cards after the marker
    # (9D 7C 10H JS 4H 2C 6D 3C) and 2 x 1 wrong card (QD): 12. Seat 1: 4, seat 2: 0, seat 3: 3.
    assert result.score.players == [12, 4, 0, 3]
    # The dealer: the marker lies on the first card after the starter: 2 x 1 = 2 < 12.
    assert result.score.dealer == 2
