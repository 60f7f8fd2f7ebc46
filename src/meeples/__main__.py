"""``python -m meeples``: the ``meeples`` command, for when its script is not on the PATH."""

import sys

from meeples.cli import main

sys.exit(main())
