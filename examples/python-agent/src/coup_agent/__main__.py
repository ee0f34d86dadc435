"""`python -m coup_agent [PORT]` (or `coup-python-agent [PORT]`): the example agent, the honest policy.

Environment: COUP_AGENT_SECRET (the agent's secret: requests must be signed with it), PORT (default 8000),
HOST (default 127.0.0.1; 0.0.0.0 for every interface).
"""

from __future__ import annotations

import sys
from typing import List, Optional

from .honest import honest
from .server import serve


def main(argv: Optional[List[str]] = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return
    port: Optional[int] = None
    if args:
        try:
            port = int(args[0])
        except ValueError:
            print(f"coup-python-agent: the port must be a number, got {args[0]!r}", file=sys.stderr)
            sys.exit(2)
    serve(honest, port=port)


if __name__ == "__main__":
    main()
