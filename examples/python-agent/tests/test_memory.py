from typing import Any, Dict, List

from coup_agent import MatchMemory

WHOLE: List[Dict[str, Any]] = [{"event": "e", "turn": i} for i in range(6)]


def delta(start: int, match: str = "m") -> Dict[str, Any]:
    return {"matchId": match, "seat": 1, "history": WHOLE[start:], "historyFrom": start}


def test_protocol_1_requests_pass_through() -> None:
    req = {"matchId": "m", "seat": 0, "history": WHOLE}
    assert MatchMemory().remember(req) is True
    assert req["history"] == WHOLE


def test_folds_deltas_into_the_whole_history() -> None:
    memory = MatchMemory()
    first = {"matchId": "m", "seat": 1, "history": WHOLE[:3], "historyFrom": 0}
    assert memory.remember(first)
    second = delta(2)  # overlaps the first: event 2 is added once
    assert memory.remember(second)
    assert second["history"] == WHOLE
    assert second["historyFrom"] == 0
    assert memory.history("m", 1) == WHOLE


def test_reports_a_gap_then_recovers_from_the_whole_history() -> None:
    memory = MatchMemory()
    gap = delta(4)
    assert memory.remember(gap) is False
    assert gap["history"] == WHOLE[4:]  # left as sent
    assert memory.remember(delta(0))
    memory.forget({"matchId": "m", "seat": 1})
    assert len(memory) == 0


def test_keeps_the_most_recent_matches() -> None:
    memory = MatchMemory(limit=2)
    for match in ("a", "b", "c"):
        memory.remember(delta(0, match))
    assert len(memory) == 2
    assert memory.history("a", 1) == []
    assert memory.history("c", 1) == WHOLE
