"""An HTTP agent from one decide function: POST /decide, /start and /end (PROTOCOL.md), on http.server."""

from __future__ import annotations

import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, Optional, Tuple

from .memory import MatchMemory
from .protocol import Answer, DecideResult, DecisionRequest, Message
from .signature import SIGNATURE_HEADER, signature_error

Decide = Callable[[DecisionRequest], DecideResult]
Notify = Callable[[Message], None]

MAX_BODY = 4 * 1024 * 1024
MAX_COMMENT = 280
ROUTES = ("decide", "start", "end")


def to_answer(result: Any) -> Answer:
    """An answer from what decide returned: an action ({"type": ...}) or an answer ({"action": ...})."""
    if not isinstance(result, dict):
        raise TypeError("decide must return an action {'type': ...} or an answer {'action': ...}")
    answer: Dict[str, Any] = dict(result) if "action" in result else {"action": result}
    if not isinstance(answer.get("action"), dict) or not isinstance(answer["action"].get("type"), str):
        raise TypeError("the answer's action must be one entry of legalActions")
    comment = answer.get("comment")
    if isinstance(comment, str) and len(comment) > MAX_COMMENT:
        answer["comment"] = comment[:MAX_COMMENT]  # a long comment would make a good move a fault
    return answer  # type: ignore[return-value]


class AgentServer(ThreadingHTTPServer):
    """Serves one agent. `url` is the base URL to register or give to `coup play`."""

    daemon_threads = True  # a slow client never keeps the process alive

    def __init__(
        self,
        address: Tuple[str, int],
        decide: Decide,
        secret: Optional[str] = None,
        on_start: Optional[Notify] = None,
        on_end: Optional[Notify] = None,
        whole_history: bool = True,
        fallback_on_error: bool = True,
    ) -> None:
        self.decide = decide
        self.secret = secret or ""
        self.on_start = on_start
        self.on_end = on_end
        self.memory: Optional[MatchMemory] = MatchMemory() if whole_history else None
        self.fallback_on_error = fallback_on_error
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[0], self.server_address[1]
        shown = f"[{host}]" if ":" in str(host) else str(host)
        return f"http://{shown}:{port}"


class _Handler(BaseHTTPRequestHandler):
    server: AgentServer
    protocol_version = "HTTP/1.1"  # keep-alive: the platform reuses connections between decisions
    disable_nagle_algorithm = True  # headers and body go out in separate writes: don't wait 40 ms between them

    def _reply(self, status: int, obj: Any) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, code: str, message: str) -> None:
        self._reply(status, {"error": {"code": code, "message": message}})

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        route = self.path.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        if route not in ROUTES:
            return self._error(404, "not_found", "POST /decide, /start or /end")
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            return self._error(413, "too_large", "request body too large")
        body = self.rfile.read(length)
        server = self.server
        if server.secret:
            reason = signature_error(server.secret, body, self.headers.get(SIGNATURE_HEADER))
            if reason:
                return self._error(401, "unauthorized", f"bad {SIGNATURE_HEADER}: {reason}")
        try:
            msg = json.loads(body)
        except ValueError as e:
            return self._error(400, "invalid_json", str(e))
        if not isinstance(msg, dict):
            return self._error(400, "validation_failed", f"{route}: the body must be a JSON object")
        if route != "decide":
            self._reply(200, {"ok": True})  # notifications: answer at once, then run the hook
            if route == "end" and server.memory is not None:
                server.memory.forget(msg)
            hook = server.on_start if route == "start" else server.on_end
            if hook:
                try:
                    hook(msg)
                except Exception as e:  # the hook's failure is the agent's business only
                    print(f"{route} hook error: {e!r}", file=sys.stderr)
            return None
        legal = msg.get("legalActions")
        if not isinstance(legal, list) or not legal:
            return self._error(400, "validation_failed", "decide: legalActions: a non-empty list is required")
        complete = server.memory.remember(msg) if server.memory is not None else True  # type: ignore[arg-type]
        try:
            answer = to_answer(server.decide(msg))  # type: ignore[arg-type]
        except Exception as e:
            if not server.fallback_on_error:
                return self._error(500, "agent_error", str(e))
            # A bug in the policy should not cost a fault: play the first legal action, and say so.
            print(f"decide error: {e!r} (answered the first legal action)", file=sys.stderr)
            answer = {"action": legal[0]}
        if not complete:
            answer["history"] = "full"  # events are missing (we restarted mid-match): ask for all of them
        return self._reply(200, answer)

    def do_GET(self) -> None:  # noqa: N802
        self._error(405, "method_not_allowed", "POST /decide, /start or /end")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # quiet: one line per decision would flood the terminal


def make_server(
    decide: Decide,
    port: int = 8000,
    host: str = "127.0.0.1",
    secret: Optional[str] = None,
    **options: Any,
) -> AgentServer:
    """An AgentServer bound to host:port (port 0: any free port), not yet serving: call serve_forever()."""
    return AgentServer((host, port), decide, secret=secret, **options)


def serve(
    decide: Decide,
    port: Optional[int] = None,
    host: Optional[str] = None,
    secret: Optional[str] = None,
    **options: Any,
) -> None:
    """Serves until Ctrl-C. Defaults from the environment: PORT (8000), HOST (127.0.0.1), COUP_AGENT_SECRET.

    Without a secret, unsigned requests are accepted (fine on your own machine, never in public).
    """
    port = int(os.environ.get("PORT", "8000")) if port is None else port
    host = os.environ.get("HOST", "127.0.0.1") if host is None else host
    secret = os.environ.get("COUP_AGENT_SECRET", "") if secret is None else secret
    server = make_server(decide, port=port, host=host, secret=secret, **options)
    if not secret:
        print("warning: COUP_AGENT_SECRET is not set, so requests are not authenticated", file=sys.stderr)
    print(f"listening on {server.url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
