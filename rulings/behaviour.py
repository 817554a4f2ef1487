"""Which behaviour of the site follows each official ruling, keyed by ruling number.

Kept here rather than in the publisher's file: it describes this site, not the ruling. A ruling
file may still carry an optional `site_behaviour` that overrides the sentence below.
"""

from __future__ import annotations

SITE_BEHAVIOUR: dict[int, str] = {
    1: (
        "El motor solo deja sacrificar tokens de combate cuando un efecto lo permite "
        "expresamente; el Cañón del sacrificio (BASE-105) lo permite, también con el texto "
        "de la primera edición."
    ),
    2: (
        "Tras activar Defensa final (BASE-011), el motor no deja jugar ninguna otra carta de "
        "la mano en lo que queda de partida, aunque queden jugadas del turno."
    ),
    3: (
        "Todas las páginas, la API, el validador de mazos y el motor usan el texto de la "
        "edición más reciente de cada carta."
    ),
    4: (
        "Medidas desesperadas (BASE-102) solo impide atacar, en el turno siguiente, al "
        "combatiente atacado; el resto de combatientes del adversario atacan con normalidad."
    ),
    5: (
        "Destrucción alquímica (BASE-180) no admite como intercambio una invocación efímera "
        "que ya surtió efecto."
    ),
}


def site_behaviour_for(number: int) -> str:
    return SITE_BEHAVIOUR.get(number, "")
