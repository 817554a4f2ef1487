"""Deck pages, one module per thing a player does with decks (URLs: decks/urls.py).

- `listing`   «Mis mazos» (folders, archive, sorting) and the public decks
- `paste`     a new deck from a pasted or uploaded list, and replacing a deck's list
- `page`      the deck page: the list, its validation, charts and text, kept per deck version
- `builder`   the builder on that page (htmx): search, add or remove a card, pin a printing;
              the card page's "add to a deck" panel
- `details`   the deck's name, description and visibility; delete; copy (fork)
- `revisions` the deck's history and restoring a revision
- `files`     the deck as files: text, CSV and JSON exports, the proxies PDF, the picture
- `odds`      the odds panel, tags and the considering board
- `access`    how a request reaches a deck (its owner, by id, by secret link), used by them all

A view parses input, makes one service call and renders. Reaching a deck: by id for its owner
and for public decks, by its secret slug for unlisted ones; anything else is a 404 (never the
deck's content). Writes need the owner.
"""
