"""Shared fixtures: the registry's games, for the conformance suite."""

from __future__ import annotations
