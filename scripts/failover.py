"""Kill one worker of two 20 times under load and count the acknowledged actions lost.

Usage: .venv/bin/python scripts/failover.py [--kills 20] [--games 8] [--every 6]
Needs Debian's postgresql and redis-server (throwaway instances are started on loopback).
"""

import sys

from meeples.loadtest.failover import main

if __name__ == "__main__":
    sys.exit(main())
