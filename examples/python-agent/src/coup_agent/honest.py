"""The example policy: simple and honest. It never bluffs: it coups at 7 coins, assassinates, taxes or
steals only with the matching card, takes foreign aid otherwise, blocks with the cards it holds, and
challenges only claims that the visible cards prove false."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .protocol import Action, DecisionRequest

# How much each card is worth keeping: the duke pays every turn, the ambassador is the weakest.
VALUE: Dict[str, float] = {"duke": 5, "assassin": 4.5, "captain": 4, "contessa": 3.5, "ambassador": 2.5}


def honest(req: DecisionRequest) -> Action:
    """One of `req["legalActions"]`, unchanged."""
    legal: List[Action] = req["legalActions"]
    state = req["state"]
    me = req["seat"]
    you = state.get("you")
    cards = you["cards"] if you else []
    hand = [c["role"] for c in cards if not c["revealed"]]
    pending: Dict[str, Any] = dict(state.get("pending") or {})
    opponents = [p for p in state["players"] if p["seat"] != me and not p["eliminated"]]

    def find(kind: str, **data: Any) -> Optional[Action]:
        for a in legal:
            given = a.get("data") or {}
            if a["type"] == kind and all(given.get(k) == v for k, v in data.items()):
                return a
        return None

    def richest(kind: str) -> Optional[Action]:
        """The legal target of `kind` with the most coins, then the most cards."""
        targets = [a for a in legal if a["type"] == kind]
        wealth = {p["seat"]: (p["coins"], p["faceDown"]) for p in opponents}
        return max(targets, key=lambda a: wealth.get((a.get("data") or {}).get("target", -1), (0, 0)), default=None)

    phase = req["phase"]
    if phase == "action":
        if you and you["coins"] >= 7 and richest("coup"):
            return richest("coup")  # type: ignore[return-value]
        if "assassin" in hand and richest("assassinate"):
            return richest("assassinate")  # type: ignore[return-value]
        if "duke" in hand and find("tax"):
            return find("tax")  # type: ignore[return-value]
        if "captain" in hand:
            rich = [
                a
                for a in legal
                if a["type"] == "steal"
                and any(p["seat"] == (a.get("data") or {}).get("target") and p["coins"] >= 2 for p in opponents)
            ]
            if rich:
                return rich[0]
        return find("foreign_aid") or find("income") or legal[0]

    if phase in ("challenge_action", "challenge_block"):
        claim = pending.get("claim") if phase == "challenge_action" else pending.get("blockRole")
        revealed = sum(p["revealed"].count(claim) for p in state["players"])
        # All 3 copies are revealed or in my hand: the claim is a lie.
        if claim and revealed + hand.count(claim) >= 3 and find("challenge"):
            return find("challenge")  # type: ignore[return-value]
        return find("pass") or legal[0]

    if phase == "block":
        for role in hand:
            block = find("block", role=role)
            if block:
                return block
        return find("pass") or legal[0]

    if phase == "lose_influence":
        choices = [a for a in legal if a["type"] == "lose_card"]
        return min(
            choices,
            key=lambda a: VALUE.get(cards[(a.get("data") or {}).get("card_index", 0)]["role"], 0),
            default=legal[0],
        )

    if phase == "exchange_return" and you:
        pool = hand + list(you.get("drawn", []))
        choices = [a for a in legal if a["type"] == "return_cards"]
        # Returning the least valuable cards keeps the best ones.
        return min(
            choices,
            key=lambda a: sum(VALUE.get(pool[i], 0) for i in (a.get("data") or {}).get("return_indices", [])),
            default=legal[0],
        )

    return legal[0]
