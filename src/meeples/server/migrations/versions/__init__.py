"""The revisions, oldest first: 0001 is the 0.1.0 release's schema (2026-11-24)."""
