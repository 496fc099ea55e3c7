"""Switch To's score sheet: every round's score is in the view, least penalty wins (highest total)."""

from __future__ import annotations

from ...scoresheet import from_scores

score_sheet = from_scores("switch-to", "Round", True, "R")
