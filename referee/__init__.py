"""Table Referee: records, checks and scores card and dice games played with real cards."""
