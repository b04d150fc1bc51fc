"""Scoring examples worked by hand from the seed's text (E11 Eleusis, E12 Express)."""

from __future__ import annotations

from leopard_core.games.eleusis.scoring import ProphetTally, eleusis_scores, express_scores


def test_e11_1_the_seeds_example_most_cards_13_a_player_with_9_scores_4() -> None:
    score = eleusis_scores([13, 9, 5], None)
    assert score.players == [0, 4, 8]
    assert score.dealer == 8                    # E11.3: the highest score, no prophet


def test_e11_1_the_dealing_seat_is_not_scored_as_a_player() -> None:
    score = eleusis_scores([None, 10, 7, 12], None)
    assert score.players == [None, 2, 5, 0] and score.dealer == 5


def test_e11_2_the_prophets_bonus_one_a_right_card_two_a_wrong_card() -> None:
    # The prophet holds 6 (most is 13: 7 points); after the marker 9 right and 4 wrong cards: 9 + 8.
    tally = ProphetTally(seat=1, marker=20, right_after=9, wrong_after=4)
    score = eleusis_scores([13, 6, 10], tally)
    assert score.players == [0, 7 + 17, 3]
    assert score.dealer == 24                   # 2 x 20 = 40 is not less than the high score 24


def test_e11_3_the_dealers_score_is_twice_the_cards_before_the_marker_when_that_is_less() -> None:
    # Marker on the 5th card after the starter: 2 x 5 = 10 < the high score 7 + 3 = 10? equal: no.
    tally = ProphetTally(seat=0, marker=5, right_after=3, wrong_after=0)
    assert eleusis_scores([6, 13, 12], tally).dealer == 10
    # Marker on the 4th card: 8 < 10, so the dealer scores 8.
    tally = ProphetTally(seat=0, marker=4, right_after=3, wrong_after=0)
    score = eleusis_scores([6, 13, 12], tally)
    assert score.players == [10, 0, 1] and score.dealer == 8


def test_e12_express_twelve_minus_cards_three_for_depleting_six_for_guessing() -> None:
    score = express_scores([0, 5, 14, None], depleted=0, guessed=None)
    assert score.players == [15, 7, -2, None] and score.dealer == 15     # "scoring fifteen in all"
    score = express_scores([4, 9, 12], depleted=None, guessed=1)
    assert score.players == [8, 3 + 6, 0] and score.dealer == 9          # E12.2, bonuses included
