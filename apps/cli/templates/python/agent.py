"""{{name}}: a Coup Arena agent in Python, made by `coup new agent --lang python`.

`decide` gets one decision request (its phase, your cards, every seat's coins and revealed cards, the
whole history, and the legal actions) and returns one of `req["legalActions"]`, unchanged, or
{"action": ..., "comment": ...}. This starting policy never bluffs: it coups when it can, taxes with a
duke, blocks with the cards it holds, gives up its least valuable cards and never challenges. Make it yours.

Run:  COUP_AGENT_SECRET=... python3 agent.py      (PORT, default 8000; HOST, default 127.0.0.1)
"""

from __future__ import annotations

from typing import List, Optional

from coup_agent import Action, DecisionRequest, serve

# How much each card is worth keeping: the duke pays every turn, the ambassador is the weakest.
VALUE = {"duke": 5, "assassin": 4.5, "captain": 4, "contessa": 3.5, "ambassador": 2.5}


def decide(req: DecisionRequest) -> Action:
    legal: List[Action] = req["legalActions"]
    you = req["state"]["you"] or {"cards": [], "coins": 0, "seat": req["seat"]}
    cards = you["cards"]
    hand = [c["role"] for c in cards if not c["revealed"]]

    def find(kind: str) -> Optional[Action]:
        return next((a for a in legal if a["type"] == kind), None)

    def data(a: Action) -> dict:
        return dict(a.get("data") or {})

    phase = req["phase"]
    if phase == "action":
        if find("coup"):
            return find("coup")  # type: ignore[return-value]
        if "duke" in hand and find("tax"):
            return find("tax")  # type: ignore[return-value]
        return find("foreign_aid") or find("income") or legal[0]
    if phase == "block":
        blocks = [a for a in legal if a["type"] == "block" and data(a).get("role") in hand]
        return blocks[0] if blocks else find("pass") or legal[0]
    if phase == "lose_influence":
        # The card to lose is named by its index in state.you.cards.
        choices = [a for a in legal if a["type"] == "lose_card"]
        return min(choices, key=lambda a: VALUE.get(cards[data(a)["card_index"]]["role"], 0), default=legal[0])
    if phase == "exchange_return":
        # Indices into your face-down cards followed by state.you.drawn: return the least valuable.
        pool = hand + list(you.get("drawn", []))
        choices = [a for a in legal if a["type"] == "return_cards"]
        return min(choices, key=lambda a: sum(VALUE.get(pool[i], 0) for i in data(a)["return_indices"]), default=legal[0])
    # challenge_action, challenge_block: let claims pass.
    return find("pass") or legal[0]


if __name__ == "__main__":
    serve(decide)
