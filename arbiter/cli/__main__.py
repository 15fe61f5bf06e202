"""``python -m arbiter.cli``, as before the package had layers: the same as ``python -m arbiter``."""

import sys

from arbiter.cli import main

sys.exit(main())
