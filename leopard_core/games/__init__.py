"""The games the site plays, one folder each (see the README's "How it fits together")."""
