import json
import time

from conftest import ACTIONS, request

from coup_agent import honest, to_answer


def test_answers_a_signed_decision_with_a_legal_action(serve_agent) -> None:
    agent = serve_agent(honest)
    status, body = agent.post("/decide", request("action", ACTIONS))
    assert status == 200
    assert body == {"action": {"type": "tax"}}
    # Under a path prefix too.
    assert agent.post("/my-bot/decide", request("action", ACTIONS))[0] == 200


def test_refuses_unsigned_and_forged_requests(serve_agent) -> None:
    agent = serve_agent(honest)
    status, body = agent.post("/decide", request("action", ACTIONS), signed=False)
    assert status == 401
    assert body["error"]["code"] == "unauthorized"
    forged = serve_agent(honest, secret="other")
    forged.secret = "not-the-secret"
    assert forged.post("/decide", request("action", ACTIONS))[0] == 401


def test_without_a_secret_accepts_unsigned_requests(serve_agent) -> None:
    agent = serve_agent(honest, secret="")
    assert agent.post("/decide", request("action", ACTIONS), signed=False)[0] == 200


def test_notifications_bad_json_and_unknown_paths(serve_agent) -> None:
    seen = []
    agent = serve_agent(honest, on_start=seen.append, on_end=seen.append)
    assert agent.post("/start", {"type": "match_start", "matchId": "m1", "seat": 0}) == (200, {"ok": True})
    assert agent.post("/end", {"type": "match_end", "matchId": "m1", "seat": 0})[0] == 200
    deadline = time.monotonic() + 10
    while len(seen) < 2 and time.monotonic() < deadline:  # hooks run after the answer is sent
        time.sleep(0.01)
    # Each hook runs on its request's own thread after the answer: two requests back to back may run
    # their hooks in either order.
    assert sorted(m["type"] for m in seen) == ["match_end", "match_start"]
    status, body = agent.post("/decide", raw=b'{"oops":')
    assert (status, body["error"]["code"]) == (400, "invalid_json")
    status, body = agent.post("/decide", {"legalActions": []})
    assert (status, body["error"]["code"]) == (400, "validation_failed")
    assert agent.post("/other", {})[0] == 404


def test_a_failing_policy_plays_the_first_legal_action(serve_agent) -> None:
    def broken(req):
        raise RuntimeError("bug")

    assert serve_agent(broken).post("/decide", request("action", ACTIONS)) == (200, {"action": ACTIONS[0]})
    status, body = serve_agent(broken, fallback_on_error=False).post("/decide", request("action", ACTIONS))
    assert (status, body["error"]["code"]) == (500, "agent_error")


def test_asks_for_the_whole_history_after_a_gap(serve_agent) -> None:
    seen = []

    def remember(req):
        seen.append(len(req["history"]))
        return req["legalActions"][0]

    agent = serve_agent(remember)
    gap = request("action", ACTIONS, protocol=2, historyFrom=5)
    assert agent.post("/decide", gap) == (200, {"action": ACTIONS[0], "history": "full"})
    whole = request("action", ACTIONS, protocol=2, historyFrom=0, decisionId="m1.2")
    whole["history"] = [{"event": "e", "turn": i} for i in range(3)]
    later = dict(whole, decisionId="m1.3", historyFrom=2, history=[{"event": "e", "turn": 2}, {"event": "x", "turn": 3}])
    assert agent.post("/decide", whole)[1] == {"action": ACTIONS[0]}
    assert agent.post("/decide", later)[1] == {"action": ACTIONS[0]}
    assert seen == [1, 3, 4]


def test_to_answer_wraps_actions_and_cuts_long_comments() -> None:
    assert to_answer({"type": "income"}) == {"action": {"type": "income"}}
    long = to_answer({"action": {"type": "income"}, "comment": "x" * 500})
    assert len(long["comment"]) == 280
    for bad in (None, "income", {"action": "income"}):
        try:
            to_answer(bad)
        except TypeError:
            continue
        raise AssertionError(f"accepted {json.dumps(bad)}")
