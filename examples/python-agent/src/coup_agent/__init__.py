"""Coup Arena agents in Python, standard library only.

    from coup_agent import serve

    def decide(req):                      # one decision request (a dict, see coup_agent.protocol)
        return req["legalActions"][0]     # one of its legal actions, unchanged

    serve(decide)                         # PORT, HOST and COUP_AGENT_SECRET from the environment
"""

from .honest import honest
from .memory import MatchMemory
from .protocol import (
    Action,
    ActionData,
    Answer,
    Card,
    DecideResult,
    DecisionRequest,
    HistoryEntry,
    Message,
    Pending,
    Player,
    State,
    You,
)
from .server import AgentServer, Decide, make_server, serve, to_answer
from .signature import SIGNATURE_HEADER, TOLERANCE_S, sign, signature_error, verify_signature

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionData",
    "AgentServer",
    "Answer",
    "Card",
    "Decide",
    "DecideResult",
    "DecisionRequest",
    "HistoryEntry",
    "MatchMemory",
    "Message",
    "Pending",
    "Player",
    "SIGNATURE_HEADER",
    "State",
    "TOLERANCE_S",
    "You",
    "honest",
    "make_server",
    "serve",
    "sign",
    "signature_error",
    "to_answer",
    "verify_signature",
]
