"""The password backend (``AUTHENTICATION_BACKENDS``): Django's ``ModelBackend``, its user read
with a prepared query.

AuthenticationMiddleware reads the signed-in user on every request that looks at it; Django
compiles ``User.objects.get(pk=…)`` anew each time (about 0.4 ms on SQLite). Here the lookup is
compiled once per connection (:mod:`common.prepared`); the answer is the same: the user with that
key who may sign in (``is_active``), or None. Authentication itself is Django's own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends, get_user_model

from common.prepared import Prepared

__all__ = ["ModelBackend"]

PATH = "accounts.backends.ModelBackend"  # what login() and the session record

_User = get_user_model()
_USER = Prepared(_User, lambda pk: _User._default_manager.filter(pk=pk))


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        """*user_id* comes from ``django.contrib.auth.get_user``, already through the key's ``to_python``."""
        user = _USER.row(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None
