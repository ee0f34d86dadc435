from conftest import ACTIONS, player, request

from coup_agent import honest


def test_taxes_with_a_duke_and_coups_at_seven_coins() -> None:
    assert honest(request("action", ACTIONS)) == {"type": "tax"}
    coups = [{"type": "coup", "data": {"target": 1}}, {"type": "coup", "data": {"target": 2}}]
    rich = [player(0, 7), player(1, 1), player(2, 5)]
    assert honest(request("action", coups, coins=7, players=rich)) == coups[1]


def test_never_claims_a_card_it_does_not_hold() -> None:
    assert honest(request("action", ACTIONS, hand=("contessa", "ambassador"))) == {"type": "foreign_aid"}


def test_challenges_only_a_claim_the_visible_cards_disprove() -> None:
    legal = [{"type": "pass"}, {"type": "challenge"}]
    pending = {"action": "tax", "actor": 1, "target": None, "claim": "duke", "blocker": None, "blockRole": None}
    assert honest(request("challenge_action", legal, pending=pending)) == {"type": "pass"}
    seen = [player(0), player(1), player(2, face_down=0, revealed=["duke", "duke"])]
    assert honest(request("challenge_action", legal, pending=pending, players=seen)) == {"type": "challenge"}


def test_blocks_with_a_card_it_holds() -> None:
    legal = [{"type": "pass"}, {"type": "block", "data": {"role": "duke"}}]
    assert honest(request("block", legal)) == legal[1]
    assert honest(request("block", legal, hand=("captain", "captain"))) == legal[0]


def test_loses_and_returns_its_least_valuable_cards() -> None:
    lose = [{"type": "lose_card", "data": {"card_index": 0}}, {"type": "lose_card", "data": {"card_index": 1}}]
    assert honest(request("lose_influence", lose, hand=("duke", "ambassador"))) == lose[1]
    back = [
        {"type": "return_cards", "data": {"return_indices": [0, 1]}},
        {"type": "return_cards", "data": {"return_indices": [2, 3]}},
    ]
    req = request("exchange_return", back, hand=("ambassador", "contessa"), drawn=["duke", "assassin"])
    assert honest(req) == back[0]
