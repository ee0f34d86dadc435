#!/usr/bin/env python3
"""A Coup Arena agent in plain Python 3: standard library only (http.server, hmac, hashlib, json).

Run:  COUP_AGENT_SECRET=... python3 agent.py [PORT]       (PORT also from the PORT env var; default 8000)
The platform POSTs JSON to /decide (answer with one of legalActions), /start and /end (notifications).
Every request is signed: X-Coup-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>.
"""

import hashlib
import hmac
import json
import os
import sys
import threading
import time
from collections import OrderedDict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET = os.environ.get("COUP_AGENT_SECRET", "")
HOST = os.environ.get("HOST", "127.0.0.1")
TOLERANCE_S = 5 * 60  # reject signatures older (or newer) than 5 minutes: a captured request can't be replayed
MAX_BODY = 4 * 1024 * 1024

# How much each card is worth keeping: the duke pays every turn, the ambassador is the weakest.
VALUE = {"duke": 5, "assassin": 4.5, "captain": 4, "contessa": 3.5, "ambassador": 2.5}


def signature_error(body, header):
    """None when the signature is valid and fresh, else the reason it is not."""
    if not header:
        return "missing signature"
    parts = dict(kv.strip().split("=", 1) for kv in header.split(",") if "=" in kv)
    try:
        t = int(parts.get("t", ""))
    except ValueError:
        return "malformed signature"
    if abs(time.time() - t) > TOLERANCE_S:
        return "expired signature"
    expected = hmac.new(SECRET.encode(), str(t).encode() + b"." + body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, parts.get("v1", "")):
        return "bad signature"
    return None


class MatchMemory:
    """Each match's whole history, accumulated from protocol 2's delta requests (PROTOCOL.md "History modes").

    A request of an agent registered with historyMode "delta" carries only the events from index `historyFrom`
    on. remember() appends them by index (a repeated event is never added twice) and puts the whole history
    back in req["history"], so choose() reads it as in protocol 1. It returns False when events are missing
    (this process started mid-match): the answer then asks for the whole history next time.
    """

    def __init__(self, limit=256):
        self.matches = OrderedDict()
        self.limit = limit
        self.lock = threading.Lock()  # ThreadingHTTPServer: one thread per connection

    def remember(self, req):
        start = req.get("historyFrom")
        if start is None:
            return True  # protocol 1: the history is already whole
        key = (req.get("matchId"), req.get("seat"))
        with self.lock:
            known = self.matches.pop(key, None)
            if start == 0:
                known = list(req["history"])
            elif known is None or start > len(known):
                self.matches[key] = known or []
                return False
            else:
                known.extend(req["history"][len(known) - start:])
            self.matches[key] = known
            while len(self.matches) > self.limit:
                self.matches.popitem(last=False)
            req["history"] = list(known)
            req["historyFrom"] = 0
            return True

    def forget(self, msg):
        with self.lock:
            self.matches.pop((msg.get("matchId"), msg.get("seat")), None)


MEMORY = MatchMemory()


def choose(req):
    """A simple, honest policy: never bluffs, coups when it can, passes in windows unless a claim is impossible."""
    legal = req["legalActions"]
    state = req["state"]
    me = req["seat"]
    cards = state["you"]["cards"] if state.get("you") else []
    hand = [c["role"] for c in cards if not c["revealed"]]
    pending = state.get("pending") or {}
    opponents = [p for p in state["players"] if p["seat"] != me and not p["eliminated"]]

    def find(kind, **data):
        for a in legal:
            if a["type"] == kind and all(a.get("data", {}).get(k) == v for k, v in data.items()):
                return a
        return None

    def richest(kind):
        """The legal target of `kind` with the most coins, then the most cards."""
        targets = [a for a in legal if a["type"] == kind]
        coins = {p["seat"]: (p["coins"], p["faceDown"]) for p in opponents}
        return max(targets, key=lambda a: coins.get(a["data"]["target"], (0, 0)), default=None)

    phase = req["phase"]
    if phase == "action":
        if state["you"]["coins"] >= 7:
            return richest("coup")
        if "assassin" in hand and richest("assassinate"):
            return richest("assassinate")
        if "duke" in hand and find("tax"):
            return find("tax")
        if "captain" in hand:
            rich = [a for a in legal if a["type"] == "steal" and any(
                p["seat"] == a["data"]["target"] and p["coins"] >= 2 for p in opponents)]
            if rich:
                return rich[0]
        return find("foreign_aid") or find("income") or legal[0]

    if phase in ("challenge_action", "challenge_block"):
        claim = pending.get("claim") if phase == "challenge_action" else pending.get("blockRole")
        revealed = sum(p["revealed"].count(claim) for p in state["players"])
        # All 3 copies are revealed or in my hand: the claim is a lie.
        if claim and revealed + hand.count(claim) >= 3 and find("challenge"):
            return find("challenge")
        return find("pass") or legal[0]

    if phase == "block":
        for role in hand:
            if find("block", role=role):
                return find("block", role=role)
        return find("pass") or legal[0]

    if phase == "lose_influence":
        choices = [a for a in legal if a["type"] == "lose_card"]
        return min(choices, key=lambda a: VALUE[cards[a["data"]["card_index"]]["role"]], default=legal[0])

    if phase == "exchange_return":
        pool = hand + state["you"].get("drawn", [])
        choices = [a for a in legal if a["type"] == "return_cards"]
        # Returning the least valuable cards keeps the best ones.
        return min(choices, key=lambda a: sum(VALUE[pool[i]] for i in a["data"]["return_indices"]),
                   default=legal[0])

    return legal[0]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the platform reuses connections between decisions
    disable_nagle_algorithm = True  # headers and body go out in separate writes: don't wait 40 ms between them

    def reply(self, status, obj):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, status, code, message):
        self.reply(status, {"error": {"code": code, "message": message}})

    def do_POST(self):
        route = self.path.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        if route not in ("decide", "start", "end"):
            return self.error(404, "not_found", "POST /decide, /start or /end")
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self.close_connection = True
            return self.error(413, "too_large", "request body too large")
        body = self.rfile.read(length)
        if SECRET:
            reason = signature_error(body, self.headers.get("X-Coup-Signature"))
            if reason:
                return self.error(401, "unauthorized", reason)
        try:
            msg = json.loads(body)
        except ValueError as e:
            return self.error(400, "invalid_json", str(e))
        if route != "decide":
            if route == "end" and isinstance(msg, dict):
                MEMORY.forget(msg)
            return self.reply(200, {"ok": True})  # notifications: answer at once
        if not isinstance(msg, dict) or not msg.get("legalActions"):
            return self.error(400, "validation_failed", "a decision request needs legalActions")
        complete = MEMORY.remember(msg)
        try:
            action = choose(msg)
        except Exception as e:  # a bug in the policy should not cost a fault: play the first legal action
            print(f"policy error: {e!r}", file=sys.stderr)
            action = msg["legalActions"][0]
        # Events are missing (we restarted mid-match): the next request brings the whole history.
        self.reply(200, {"action": action} if complete else {"action": action, "history": "full"})

    def log_message(self, fmt, *args):
        pass  # quiet: one line per decision would flood the terminal


def main():
    port = int(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PORT", "8000"))
    server = ThreadingHTTPServer((HOST, port), Handler)
    if not SECRET:
        print("warning: COUP_AGENT_SECRET is not set, so requests are not authenticated", file=sys.stderr)
    print(f"listening on http://{HOST}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
