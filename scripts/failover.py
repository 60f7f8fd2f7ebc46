"""Kill one worker of two 20 times under load and count the acknowledged actions lost; or
restart Redis or PostgreSQL, or pause a worker past its lease, under load (--fault).

Usage: .venv/bin/python scripts/failover.py [--kills 20] [--games 8] [--every 6]
       .venv/bin/python scripts/failover.py --fault redis|postgres|pause|kill|all [--times 5]
           [--games 8] [--every 8] [--down 1] [--pause 6]
Needs Debian's postgresql and redis-server (throwaway instances are started on loopback).
"""

import sys

from meeples.loadtest.failover import main

if __name__ == "__main__":
    sys.exit(main())
