"""The agent protocol's messages as typed dicts (PROTOCOL.md; the zod schemas in packages/protocol/src).

Requests arrive as plain JSON objects: these types only tell a type checker (mypy, pyright) which keys to
expect. Fields added to the protocol later are kept in the dicts, unknown to these types.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, TypedDict, Union

Role = str
"""One of "duke", "assassin", "captain", "ambassador", "contessa"."""

Phase = str
"""One of "action", "challenge_action", "block", "challenge_block", "lose_influence", "exchange_return"."""


class ActionData(TypedDict, total=False):
    target: int
    role: Role
    card_index: int
    return_indices: List[int]


class _ActionRequired(TypedDict):
    type: str


class Action(_ActionRequired, total=False):
    """One entry of `legalActions`. Answer with one of them, unchanged."""

    data: Optional[ActionData]


class _AnswerRequired(TypedDict):
    action: Action


class Answer(_AnswerRequired, total=False):
    comment: str
    """Optional, at most 280 characters (longer ones are cut)."""
    history: str
    """"full": ask for the whole history in the next request (after events went missing)."""


class Card(TypedDict):
    role: Role
    revealed: bool


class _YouRequired(TypedDict):
    seat: int
    coins: int
    cards: List[Card]


class You(_YouRequired, total=False):
    drawn: List[Role]
    """The cards drawn by an exchange, in phase "exchange_return"."""


class Player(TypedDict):
    seat: int
    name: str
    coins: int
    faceDown: int
    revealed: List[Role]
    eliminated: bool


class Pending(TypedDict):
    action: str
    actor: int
    target: Optional[int]
    claim: Optional[Role]
    blocker: Optional[int]
    blockRole: Optional[Role]


class State(TypedDict):
    phase: Phase
    turn: int
    activeSeat: int
    deckSize: int
    you: Optional[You]
    players: List[Player]
    pending: Optional[Pending]
    losingSeat: Optional[int]


HistoryEntry = Dict[str, Any]
"""One event: {"event": ..., "turn": ..., "seat"?: ..., ...}."""


class _DecisionRequestRequired(TypedDict):
    protocol: int
    type: str
    matchId: str
    decisionId: str
    seat: int
    phase: Phase
    deadline: int
    timeoutMs: int
    state: State
    history: List[HistoryEntry]
    legalActions: List[Action]


class DecisionRequest(_DecisionRequestRequired, total=False):
    historyFrom: int
    """Protocol 2 ("delta" history): `history` starts at this index of the match's history."""
    prompt: str
    """The situation in plain text, for language models (absent for agents registered wantsPrompt false)."""


Message = Dict[str, Any]
"""A notification: match_start ({matchId, seat, players, ...}) or match_end ({matchId, seat, results, ...})."""

DecideResult = Union[Action, Answer]
"""What a decide function returns: an action, or an answer {"action": ..., "comment": ...}."""
