"""The table: its log, its seats and who may write what. No Flask here.

The play log is the truth, and this package is everything that reads or writes it, layered so
that each module has one job and reaches only into the public names of those below it:

- ``errors``: what a table refuses with (the web answers each in one place);
- ``codes``: table codes, share codes and passes;
- ``store``: every SQL statement, the compare-and-sets, and the one place where PostgreSQL and
  SQLite differ (the NOTIFY that rides on a write);
- ``reads``: finding a table, its state after any entry (snapshots), its history, the entries
  in force, the score sheet's workings;
- ``claims``: the record of who took and freed a seat, and what a late phone may see;
- ``seats``: opening a table, who a pass is, claiming, freeing, handing on, the rematch;
- ``gate``: who may make, replace or remove an entry (the one gate every write passes);
- ``writes``: the one write kernel (stale boards, repeated keys, the compare-and-set), and the
  plays, undos and entries put back it carries;
- ``corrections``: correcting an entry further back, through the same kernel.

Nothing is re-exported here: a caller imports the module it uses.
"""
