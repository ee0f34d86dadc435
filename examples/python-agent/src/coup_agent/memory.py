"""Each match's whole history, accumulated from protocol 2's delta requests (PROTOCOL.md "History modes")."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, List, Tuple

from .protocol import DecisionRequest, HistoryEntry, Message


class MatchMemory:
    """Puts each match's whole history back into delta requests.

    A request of an agent registered with historyMode "delta" (the default) carries only the events from
    index `historyFrom` on. `remember` appends them by index (an event sent twice is added once) and sets
    `req["history"]` to the whole history (and `historyFrom` to 0), so a policy reads it as in protocol 1.
    It returns False when events are missing (this process started mid-match): the answer should then ask
    for the whole history (`"history": "full"`). Keeps the `limit` most recent matches; thread-safe.
    """

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._matches: "OrderedDict[Tuple[Any, Any], List[HistoryEntry]]" = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._matches)

    def remember(self, req: DecisionRequest) -> bool:
        start = req.get("historyFrom")
        if start is None:
            return True  # protocol 1: the history is already whole
        key = (req.get("matchId"), req.get("seat"))
        with self._lock:
            known = self._matches.pop(key, None)
            if start == 0:
                known = list(req["history"])
            elif known is None or start > len(known):
                self._matches[key] = known or []
                return False
            else:
                known.extend(req["history"][len(known) - start :])
            self._matches[key] = known
            while len(self._matches) > self.limit:
                self._matches.popitem(last=False)
            req["history"] = list(known)
            req["historyFrom"] = 0
            return True

    def forget(self, msg: Message) -> None:
        """Drops a match's history (at its match_end)."""
        with self._lock:
            self._matches.pop((msg.get("matchId"), msg.get("seat")), None)

    def history(self, match_id: str, seat: int) -> List[HistoryEntry]:
        """The history remembered for a match and seat (empty if none)."""
        with self._lock:
            return list(self._matches.get((match_id, seat), []))

