#!/usr/bin/env python3
"""A Coup Arena HTTP agent that forwards each decision's `prompt` to any OpenAI-compatible server.

Standard library only. For people who prefer to host their own language-model agent (a model the platform
does not offer, their own key, their own prompt logic) rather than register a hosted `llm` agent.

Run:  LLM_BASE_URL=http://127.0.0.1:8080/v1 LLM_MODEL=qwen2.5-7b COUP_AGENT_SECRET=... \
      python3 forwarder.py [PORT]
      (LLM_API_KEY if the server needs one; STRATEGY_FILE for your strategy prompt; PORT default 8000)

Every decision: system message = your strategy (and the registered strategyPrompt the platform sends),
user message = the request's plain-text `prompt` (it lists the legal actions with their exact JSON). The
answer's first JSON object is checked against legalActions; anything else, or a server error, falls back
to a safe legal action before the deadline, so a bad model answer never costs a fault.
"""

import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET = os.environ.get("COUP_AGENT_SECRET", "")
HOST = os.environ.get("HOST", "127.0.0.1")
BASE_URL = os.environ.get("LLM_BASE_URL", "http://127.0.0.1:8080/v1").rstrip("/")
MODEL = os.environ.get("LLM_MODEL", "")
API_KEY = os.environ.get("LLM_API_KEY", "")
STRATEGY = open(os.environ["STRATEGY_FILE"], encoding="utf-8").read() if os.environ.get("STRATEGY_FILE") else ""
TOLERANCE_S = 5 * 60
MAX_BODY = 4 * 1024 * 1024
MARGIN_S = 0.5  # keep this much of the deadline to answer the platform

SYSTEM = (
    "You are playing Coup, the card game of bluffing. Each message describes the situation and lists the "
    "legal answers with their exact JSON. Reply with one JSON object and nothing else: "
    '{"action": <one of the listed actions, copied exactly>}.'
)


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


def ask_model(system, prompt, timeout_s):
    """The model's text for one chat completion (raises on HTTP or network errors)."""
    payload = {
        "model": MODEL,
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
    }
    headers = {"Content-Type": "application/json"}
    if API_KEY:
        headers["Authorization"] = f"Bearer {API_KEY}"
    req = urllib.request.Request(f"{BASE_URL}/chat/completions", json.dumps(payload).encode(), headers)
    with urllib.request.urlopen(req, timeout=timeout_s) as res:
        body = json.loads(res.read())
    return body["choices"][0]["message"]["content"] or ""


def first_json_object(text):
    """The first {...} in the text that parses as JSON (code fences and prose around it are ignored)."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start >= 0:
        try:
            value, _ = decoder.raw_decode(text, start)
            if isinstance(value, dict):
                return value
        except ValueError:
            pass
        start = text.find("{", start + 1)
    return None


def pick(text, legal):
    """The legal action the model named, or None."""
    found = first_json_object(text)
    if found is None:
        return None
    action = found.get("action", found)
    if isinstance(action, str):
        action = {"type": action}
    for a in legal:
        if a.get("type") == action.get("type") and a.get("data") == action.get("data"):
            return a
    return None


def fallback(req):
    """A safe legal action: pass in windows, income on a turn, else the first listed."""
    legal = req["legalActions"]
    for kind in ("pass", "income"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[0]


def decide(req):
    legal = req["legalActions"]
    system = SYSTEM
    for extra in (STRATEGY, req.get("strategyPrompt") or ""):
        if extra.strip():
            system += "\n\nSTRATEGY\n" + extra.strip()
    timeout_s = max(0.1, req["deadline"] / 1000 - time.time() - MARGIN_S)
    try:
        text = ask_model(system, req["prompt"] + "\nReply with the JSON object only.", timeout_s)
    except (urllib.error.URLError, TimeoutError, OSError, ValueError, KeyError, IndexError) as e:
        print(f"model call failed: {e!r}", file=sys.stderr)
        return {"action": fallback(req), "comment": "model unavailable"}
    action = pick(text, legal)
    if action is None:
        print(f"no legal action in the model's answer: {text[:200]!r}", file=sys.stderr)
        return {"action": fallback(req), "comment": "model answer unusable"}
    return {"action": action}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

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
            return self.reply(200, {"ok": True})
        if not isinstance(msg, dict) or not msg.get("legalActions") or "prompt" not in msg:
            return self.error(400, "validation_failed", "a decision request needs legalActions and prompt")
        self.reply(200, decide(msg))

    def log_message(self, fmt, *args):
        pass


def main():
    if not MODEL:
        sys.exit("set LLM_MODEL to the model to ask (and LLM_BASE_URL to the server's /v1 root)")
    port = int(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PORT", "8000"))
    server = ThreadingHTTPServer((HOST, port), Handler)
    if not SECRET:
        print("warning: COUP_AGENT_SECRET is not set, so requests are not authenticated", file=sys.stderr)
    print(f"forwarding to {BASE_URL} ({MODEL}); listening on http://{HOST}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
