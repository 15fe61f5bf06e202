"""python -m bench [--smoke]: every benchmark, a table, and bench/results.json.

python -m bench unwinnability [...]: CHA's 6,828 questions (bench.unwinnability), every one.

python -m bench web [SESSIONS] [EVENTS]: many trainees at once through the real server (bench.webload).

python -m bench commandline [--repetitions N]: issue 36's figures through whole processes (bench.commandline).

python -m bench perft [--depth N]: the compiled core's perft, published counts and python-chess (bench.perft).
"""

import sys

if sys.argv[1:2] == ["unwinnability"]:
    from bench.unwinnability import main as unwinnability

    raise SystemExit(unwinnability(sys.argv[2:]))

if sys.argv[1:2] == ["web"]:
    from bench.webload import main as webload

    raise SystemExit(webload(sys.argv[2:]))

if sys.argv[1:2] == ["commandline"]:
    from bench.commandline import main as commandline

    raise SystemExit(commandline(sys.argv[2:]))

if sys.argv[1:2] == ["perft"]:
    from bench.perft import main as perft

    raise SystemExit(perft(sys.argv[2:]))

from bench.run import main  # noqa: E402 - only when no sub-benchmark is named

raise SystemExit(main())
