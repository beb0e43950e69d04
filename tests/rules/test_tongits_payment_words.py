"""Why each payment of a Tongits game is paid, in words (wording.payments_in_words): a draw
paid between the caller and each opponent (tongits.md 6.5) names the pair each row settles;
every other game reads as version 1 does. The payments are the spec's, written out."""

from referee.games import TONGITS, TONK, WordsPayments
from referee.rules.tongits import Draw, TongIts
from referee.rules.tongits.wording import payments_in_words

# 6.9 "Paid by the caller" with point_pays 1: Ben calls with 8, Anna fights with 5, Carla
# fights with 12; Anna wins the game.
IN_PAIRS = Draw(caller="Ben", fought=("Anna", "Carla"), totals={"Ben": 8, "Anna": 5, "Carla": 12})
PAIRS_PAID = [
    {"from": "Ben", "to": "Anna", "amount": 2, "why": "lost the fight"},
    {"from": "Ben", "to": "Anna", "amount": 3, "why": "points behind"},
    {"from": "Carla", "to": "Ben", "amount": 2, "why": "lost the fight"},
    {"from": "Carla", "to": "Ben", "amount": 4, "why": "points behind"},
]


def test_a_draw_paid_in_pairs_names_who_beat_whom():
    assert payments_in_words(IN_PAIRS, PAIRS_PAID, ["Anna"]) == [
        "Anna beat the caller",
        "points behind Anna",
        "lost the fight to the caller",
        "points behind the caller",
    ]


def test_a_fighter_who_tied_the_caller_is_said_to_have_tied():
    """Ben calls with 5, Anna fights with 5 and Carla with 9: the caller loses the tie."""
    tie = Draw(caller="Ben", fought=("Anna", "Carla"), totals={"Ben": 5, "Anna": 5, "Carla": 9})
    paid = [
        {"from": "Ben", "to": "Anna", "amount": 2, "why": "lost the fight"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "lost the fight"},
    ]
    assert payments_in_words(tie, paid, ["Anna"]) == [
        "Anna tied the caller, and the caller loses ties",
        "lost the fight to the caller",
    ]


def test_folders_pay_the_caller_and_the_winner_s_bonus_reads_as_ever():
    """Carla folded (burned), Dan folded: each pays the caller; Anna, who beat the caller,
    also collects her Secret from everyone, the caller included."""
    draw = Draw(caller="Ben", fought=("Anna",), totals={"Ben": 8, "Anna": 5}, burned=("Carla",))
    paid = [
        {"from": "Ben", "to": "Anna", "amount": 2, "why": "lost the fight"},
        {"from": "Ben", "to": "Anna", "amount": 1, "why": "secret"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "folded, burned"},
        {"from": "Carla", "to": "Anna", "amount": 1, "why": "secret"},
        {"from": "Dan", "to": "Ben", "amount": 1, "why": "folded"},
        {"from": "Dan", "to": "Anna", "amount": 1, "why": "secret"},
    ]
    assert payments_in_words(draw, paid, ["Anna"]) == [
        "Anna beat the caller",
        "the winner's Secret bonus",
        "folded to the caller, burned (sunog)",
        "the winner's Secret bonus",
        "folded to the caller",
        "the winner's Secret bonus",
    ]


def test_points_in_hand_name_who_was_beaten_in_each_pair():
    paid = [
        {"from": "Ben", "to": "Anna", "amount": 8, "why": "points in hand"},
        {"from": "Carla", "to": "Ben", "amount": 12, "why": "points in hand"},
    ]
    assert payments_in_words(IN_PAIRS, paid, ["Anna"]) == [
        "points in hand, beaten by Anna",
        "points in hand, beaten by the caller",
    ]


def test_a_draw_paid_to_its_winner_reads_as_version_1():
    """tongits.md section 3, example 1 (Ben won the draw), and 6.9 paid to the winner."""
    won = Draw(caller="Ben", fought=("Anna",), totals={"Ben": 6, "Anna": 11}, burned=("Carla",))
    paid = [
        {"from": "Anna", "to": "Ben", "amount": 2, "why": "lost the fight"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "folded, burned"},
    ]
    assert payments_in_words(won, paid, ["Ben"]) == ["fought and lost", "folded, burned (sunog)"]
    to_the_winner = [
        {"from": "Ben", "to": "Anna", "amount": 2, "why": "lost the fight"},
        {"from": "Carla", "to": "Anna", "amount": 2, "why": "lost the fight"},
    ]
    assert payments_in_words(IN_PAIRS, to_the_winner, ["Anna"]) == [
        "fought and lost",
        "fought and lost",
    ]


def test_other_endings_read_their_whys():
    tong_its = TongIts(player="Ben")
    paid = [
        {"from": "Anna", "to": "Ben", "amount": 2, "why": "tong-its"},
        {"from": "Anna", "to": "Ben", "amount": 1, "why": "kings"},
        {"from": "Anna", "to": "Ben", "amount": 1, "why": "jokers"},
    ]
    assert payments_in_words(tong_its, paid, ["Ben"]) == [
        "lost to a tong-its",
        "the winner's king bonus",
        "the winner's joker bonus",
    ]


def test_tongits_words_its_payments_from_the_stored_hand_and_tonk_does_not():
    stored = {"payments": PAIRS_PAID, "winners": ["Anna"]}
    assert TONGITS.payments_in_words(IN_PAIRS.to_json(), stored)[2:] == [
        "lost the fight to the caller",
        "points behind the caller",
    ]
    assert (isinstance(TONGITS, WordsPayments), isinstance(TONK, WordsPayments)) == (True, False)
