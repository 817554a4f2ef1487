"""Queries that every signed-in request runs, compiled to SQL once instead of on every request.

Django's ORM compiles a queryset to SQL each time it runs: for a lookup by key that is most of
the cost (about 0.4 ms of compiling against 0.03 ms of SQLite, `bench/requests_profile.py`,
"session and user alone"). A :class:`Prepared` query is compiled once per database connection
(the connection object is per thread and the SQL depends on its vendor, so each keeps its own)
and then only executed: its row goes through the converters the ORM applies and is built into
the model as a queryset's iterator builds it (``Model.from_db``, then the select_related objects
and the annotations). The parameters are adapted to the database by the query's own function, in
the order the compiled SQL takes them; the queries stay visible to ``assertNumQueries`` and
``CaptureQueriesContext`` (they go through ``connection.cursor()``).

``tests/common/test_prepared.py`` holds each prepared query equal to its ORM twin on SQLite and
on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

M = TypeVar("M", bound=Model)

__all__ = ["Prepared"]


class _Compiled:
    """One query's SQL, converters and model field names, for one connection."""

    __slots__ = ("annotations", "compiler", "converters", "fields", "names", "params", "related", "sql")

    def __init__(self, queryset: QuerySet[Any], alias: str, expected: list[Any]) -> None:
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()  # also sets up compiler.select
        if list(params) != expected:  # the caller's parameters must be the ORM's, in the SQL's order
            raise ValueError(f"{queryset.model.__name__}: the query's parameters are {list(params)!r}, not {expected!r}")
        self.sql, self.params, self.compiler = sql, len(params), compiler
        columns = [col for col, _, _ in compiler.select]
        self.converters = compiler.get_converters(columns)
        # What ModelIterable reads from the compiler to build an instance (none for values_list):
        # the model's own columns, the related ones of select_related, the annotations.
        info = compiler.klass_info
        self.fields = slice(0, 0)
        self.names: list[str] = []
        self.related: list[Any] = []
        self.annotations: dict[str, int] = dict(compiler.annotation_col_map or {})
        if info is not None:
            self.fields = slice(info["select_fields"][0], info["select_fields"][-1] + 1)
            self.names = [col.target.attname for col in columns[self.fields]]
            self.related = get_related_populators(info, compiler.select, alias)


class Prepared(Generic[M]):
    """A query of *model*: ``build(*args)`` compiled once per connection (from the first call's
    arguments), then run with the parameters of each call to :meth:`row` or :meth:`rows`."""

    def __init__(
        self, model: type[M], build: Callable[..., QuerySet[M]], params: Callable[..., list[Any]] | None = None
    ) -> None:
        """*params(ops, *args)* turns :meth:`row`'s arguments into the database's parameters with the
        connection's operations (``ops.adapt_datetimefield_value`` for a datetime), in the order the
        SQL takes them; by default they are taken as they are. When the query is compiled, they are
        checked equal to the parameters the ORM itself gives ``build(*args)`` (a wrong order or
        adaptation is an error, never a wrong row)."""
        self.model, self.build = model, build
        self.params = params or (lambda ops, *args: list(args))

    def compiled(self, alias: str, args: tuple[Any, ...], params: list[Any]) -> _Compiled:
        """This query for the calling thread's connection to *alias*, kept on that connection (it
        goes with it: a dictionary keyed by connections would keep every thread's alive)."""
        kept: dict[Prepared[Any], _Compiled] = connections[alias].__dict__.setdefault("prepared_queries", {})
        found = kept.get(self)
        if found is None:
            found = kept[self] = _Compiled(self.build(*args), alias, params)
        return found

    def rows(self, *args: Any) -> list[tuple[Any, ...]]:
        """Every row the query finds with *args*, its values converted as the ORM converts them
        (for a ``values_list`` query: what it would give)."""
        return self._rows(router.db_for_read(self.model), args, many=True)[1]

    def row(self, *args: Any) -> M | None:
        """The model instance of the first row the query finds with *args* (with its select_related
        objects and annotations, built as ``QuerySet`` builds them), or None."""
        alias = router.db_for_read(self.model)
        compiled, found = self._rows(alias, args, many=False)
        if not found:
            return None
        values = found[0]
        obj = self.model.from_db(alias, compiled.names, values[compiled.fields])
        for related in compiled.related:
            related.populate(values, obj)
        for name, position in compiled.annotations.items():
            setattr(obj, name, values[position])
        return obj

    def _rows(self, alias: str, args: tuple[Any, ...], *, many: bool) -> tuple[_Compiled, list[tuple[Any, ...]]]:
        connection = connections[alias]
        params = self.params(connection.ops, *args)
        compiled = self.compiled(alias, args, params)
        if len(params) != compiled.params:
            raise TypeError(f"{self.model.__name__}: the prepared query takes {compiled.params} parameters")
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            found = cursor.fetchall() if many else cursor.fetchmany(1)
        if compiled.converters and found:
            found = [tuple(r) for r in compiled.compiler.apply_converters(found, compiled.converters)]
        return compiled, found
