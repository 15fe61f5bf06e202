"""python -m bench [--smoke]: every benchmark, a table, and bench/results.json."""

from bench.run import main

raise SystemExit(main())
