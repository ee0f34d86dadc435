"""Decision requests for the tests, built by hand in the shape of PROTOCOL.md."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

from coup_agent import AgentServer, make_server, sign


def player(seat: int, coins: int = 2, face_down: int = 2, revealed: Optional[List[str]] = None) -> Dict[str, Any]:
    return {
        "seat": seat,
        "name": f"p{seat}",
        "coins": coins,
        "faceDown": face_down,
        "revealed": revealed or [],
        "eliminated": face_down == 0,
    }


def request(
    phase: str,
    legal: List[Dict[str, Any]],
    hand: Tuple[str, ...] = ("duke", "captain"),
    coins: int = 2,
    players: Optional[List[Dict[str, Any]]] = None,
    pending: Optional[Dict[str, Any]] = None,
    drawn: Optional[List[str]] = None,
    **extra: Any,
) -> Dict[str, Any]:
    you: Dict[str, Any] = {"seat": 0, "coins": coins, "cards": [{"role": r, "revealed": False} for r in hand]}
    if drawn is not None:
        you["drawn"] = drawn
    req: Dict[str, Any] = {
        "protocol": 1,
        "type": "decision",
        "matchId": "m1",
        "decisionId": f"m1.{phase}",
        "seat": 0,
        "phase": phase,
        "deadline": 1795300005000,
        "timeoutMs": 5000,
        "state": {
            "phase": phase,
            "turn": 3,
            "activeSeat": 0,
            "deckSize": 9,
            "you": you,
            "players": players or [player(0, coins), player(1, 3), player(2, 1)],
            "pending": pending,
            "losingSeat": None,
        },
        "history": [{"event": "turn_start", "turn": 0, "seat": 0}],
        "legalActions": legal,
    }
    req.update(extra)
    return req


ACTIONS = [
    {"type": "income"},
    {"type": "foreign_aid"},
    {"type": "tax"},
    {"type": "steal", "data": {"target": 1}},
    {"type": "steal", "data": {"target": 2}},
    {"type": "exchange"},
]


class Agent:
    """A running AgentServer and a client for it."""

    def __init__(self, server: AgentServer, secret: str) -> None:
        self.server = server
        self.secret = secret

    def post(self, path: str, obj: Any = None, raw: Optional[bytes] = None, signed: bool = True) -> Tuple[int, Any]:
        body = raw if raw is not None else json.dumps(obj).encode()
        headers = {"Content-Type": "application/json"}
        if signed and self.secret:
            headers["X-Coup-Signature"] = sign(self.secret, body)
        req = urllib.request.Request(self.server.url + path, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


@pytest.fixture
def serve_agent() -> Iterator[Any]:
    """serve_agent(decide, secret=..., **options) -> Agent, stopped after the test."""
    servers: List[AgentServer] = []

    def start(decide: Any, secret: str = "test-secret", **options: Any) -> Agent:
        server = make_server(decide, port=0, secret=secret, **options)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return Agent(server, secret)

    yield start
    for s in servers:
        s.shutdown()
        s.server_close()
