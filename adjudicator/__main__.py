"""``python -m adjudicator``: the same as the ``adjudicator`` command."""

from adjudicator.cli import main

raise SystemExit(main())
