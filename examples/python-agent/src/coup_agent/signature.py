"""X-Coup-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>.

The platform (and `coup play --secret`) signs every request with the agent's secret. The timestamp is
signed with the body, so a captured request cannot be replayed later: signatures more than 5 minutes old
(or ahead) are refused.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from typing import Optional

SIGNATURE_HEADER = "X-Coup-Signature"
TOLERANCE_S = 5 * 60

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def sign(secret: str, body: bytes, now: Optional[float] = None) -> str:
    """The X-Coup-Signature header value for `body` (bytes as sent), at `now` (unix seconds, default now)."""
    t = int(time.time() if now is None else now)
    v1 = hmac.new(secret.encode(), str(t).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"t={t},v1={v1}"


def signature_error(
    secret: str,
    body: bytes,
    header: Optional[str],
    now: Optional[float] = None,
    tolerance_s: int = TOLERANCE_S,
) -> Optional[str]:
    """None when `header` is a valid, fresh signature of `body`; otherwise why not:
    "missing", "malformed", "expired" or "mismatch" (the reasons of the TypeScript SDK)."""
    if not header:
        return "missing"
    parts = {}
    for kv in header.split(","):
        key, sep, value = kv.partition("=")
        if sep:
            parts[key.strip()] = value.strip()
    v1 = parts.get("v1", "")
    try:
        t = int(parts.get("t", ""))
    except ValueError:
        return "malformed"
    if not _HEX64.match(v1):
        return "malformed"
    if abs((time.time() if now is None else now) - t) > tolerance_s:
        return "expired"
    expected = hmac.new(secret.encode(), str(t).encode() + b"." + body, hashlib.sha256).hexdigest()
    return None if hmac.compare_digest(expected, v1) else "mismatch"


def verify_signature(secret: str, body: bytes, header: Optional[str], now: Optional[float] = None) -> bool:
    """True when `header` is a valid, fresh signature of `body` with `secret`."""
    return signature_error(secret, body, header, now) is None
