"""CSV cells that a spreadsheet will not run as formulas, and back.

A cell that starts with `=`, `+`, `-`, `@`, tab, CR or NUL is a formula (or can become one) in
Excel, LibreOffice and Sheets: the exports write it after a `'`, which spreadsheets show as text.
The importers remove that `'` again. A text that itself starts with `'` and then one of those
characters (or another `'`) gets one more `'`, so `unguard(guard(text)) == text` for every text.

>>> guard("=1+1"), guard("-3"), guard("'Tis"), guard("''")
("'=1+1", "'-3", "'Tis", "'''")
>>> all(unguard(guard(t)) == t for t in ["=x", "'=x", "'Tis", "''", "", "plain"])
True
"""

from __future__ import annotations

from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\0")
_AFTER_QUOTE = (*FORMULA_START, "'")


def guard(value: Any) -> str:
    text = str(value)
    if text.startswith(FORMULA_START) or (text.startswith("'") and text[1:2].startswith(_AFTER_QUOTE) and text[1:2]):
        return "'" + text
    return text


def unguard(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and cell[1:2] and cell[1:2].startswith(_AFTER_QUOTE) else cell
