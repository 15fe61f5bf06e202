"""python -m bench [--smoke]: every benchmark, a table, and bench/results.json.

python -m bench unwinnability [...]: CHA's 6,828 questions (bench.unwinnability), every one.
"""

import sys

if sys.argv[1:2] == ["unwinnability"]:
    from bench.unwinnability import main as unwinnability

    raise SystemExit(unwinnability(sys.argv[2:]))

from bench.run import main  # noqa: E402 - only when no sub-benchmark is named

raise SystemExit(main())
