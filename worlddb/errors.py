"""The worlddb exception tree.

Every error the library raises on purpose is a ``WorldDBError``; each member also subclasses the
built-in category a generic caller would catch, so ``except LookupError`` still works::

    WorldDBError
    ├── NotFoundError(WorldDBError, LookupError)          .key
    │   └── AmbiguousIdError(NotFoundError)                .prefix, .candidates
    ├── ValidationError(WorldDBError, ValueError)         .field, .value   bad input at the boundary
    │   ├── CanonicalEncodingError(ValidationError)        a value has no canonical encoding
    │   └── ValidityError(ValidationError)                 an attempt to widen a validity interval
    ├── IntegrityError(WorldDBError, RuntimeError)        stored bytes don't hash to their id
    ├── ReconcileError(WorldDBError, RuntimeError)        the reconciler refused a changeset
    │   ├── HandlerRefusedError(ReconcileError)            .edge_type  a handler vetoed the write
    │   └── HandlerError(ReconcileError)                   .edge_type  a handler crashed (__cause__)
    ├── ResolutionError(WorldDBError, RuntimeError)       the resolver could not decide
    ├── PluginError(WorldDBError, RuntimeError)           a plug-in failed or is unusable
    │   ├── ModelMissingError(PluginError, FileNotFoundError)  the embedder's model file is absent
    │   ├── ModelMismatchError(PluginError)                the store was built with another embedder
    │   └── MissingExtraError(PluginError, ImportError)    .extra  an optional dependency is absent
    ├── ScopeError(WorldDBError, PermissionError)         a scope is malformed or not permitted
    ├── SchemaVersionError(WorldDBError, RuntimeError)    the store is newer than this library
    └── ClosedError(WorldDBError, RuntimeError)           use after close()

Messages are one sentence, quote the offending value with ``!r`` and carry no trailing period.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "AmbiguousIdError",
    "CanonicalEncodingError",
    "ClosedError",
    "HandlerError",
    "HandlerRefusedError",
    "IntegrityError",
    "MissingExtraError",
    "ModelMismatchError",
    "ModelMissingError",
    "NotFoundError",
    "PluginError",
    "ReconcileError",
    "ResolutionError",
    "SchemaVersionError",
    "ScopeError",
    "ValidationError",
    "ValidityError",
    "WorldDBError",
]


class WorldDBError(Exception):
    """Base class of every error worlddb raises deliberately."""


class NotFoundError(WorldDBError, LookupError):
    """No world (or edge, or scope) matches the key."""

    def __init__(self, key: str, what: str = "world") -> None:
        self.key = key
        self.what = what
        super().__init__(f"no {what} matches {key!r}")


class AmbiguousIdError(NotFoundError):
    """An id prefix matches more than one world; the message lists the candidates."""

    def __init__(self, prefix: str, candidates: Sequence[str]) -> None:
        self.prefix = prefix
        self.candidates = tuple(candidates)
        LookupError.__init__(self)
        self.key = prefix
        self.what = "world"
        shown = ", ".join(c[:16] for c in self.candidates[:10])
        self.args = (
            f"id prefix {prefix!r} is ambiguous: it matches {len(self.candidates)} worlds "
            f"({shown}); give more characters",
        )


class ValidationError(WorldDBError, ValueError):
    """Input at an API boundary is malformed; nothing was written."""

    def __init__(self, message: str, *, field: str | None = None, value: object = None) -> None:
        self.field = field
        self.value = value
        super().__init__(message)


class CanonicalEncodingError(ValidationError):
    """A value cannot be encoded canonically (floats, bytes, non-str keys, lone surrogates...)."""


class ValidityError(ValidationError):
    """A write tried to widen a validity interval; validity only ever tightens."""


class IntegrityError(WorldDBError, RuntimeError):
    """Stored data contradicts an invariant (a blob that does not hash to its id, drift)."""


class ReconcileError(WorldDBError, RuntimeError):
    """The reconciler did not commit a changeset; the store is exactly as it was."""


class HandlerRefusedError(ReconcileError):
    """An edge handler vetoed the changeset."""

    def __init__(self, edge_type: str, reason: str) -> None:
        self.edge_type = edge_type
        self.reason = reason
        super().__init__(f"the {edge_type!r} handler refused the write: {reason}")


class HandlerError(ReconcileError):
    """An edge handler crashed; the original exception is the ``__cause__``."""

    def __init__(self, edge_type: str, detail: str) -> None:
        self.edge_type = edge_type
        super().__init__(f"the {edge_type!r} handler failed: {detail}")


class ResolutionError(WorldDBError, RuntimeError):
    """The resolver could not decide between candidates and no tiebreaker decided."""


class PluginError(WorldDBError, RuntimeError):
    """A plug-in (embedder, extractor, summarizer, handler) failed or does not fit its protocol."""


class ModelMissingError(PluginError, FileNotFoundError):
    """The embedding model file is missing: worlddb never falls back to random vectors."""


class MissingExtraError(PluginError, ImportError):
    """A feature needs an optional dependency that is not installed; the message names the extra.

    Raised where the feature is chosen (the Claude extractor, the answer judge), never at import
    of the core package, which works without any extra.
    """

    def __init__(self, feature: str, extra: str, package: str | None = None) -> None:
        self.feature = feature
        self.extra = extra
        self.package = package or extra
        super().__init__(
            f"{feature} needs the optional package {self.package!r}: pip install 'worlddb[{extra}]'"
        )


class ModelMismatchError(PluginError):
    """The store's vectors were made by another embedder; reopen with it or run ``reembed``."""

    def __init__(self, stored: str, offered: str) -> None:
        self.stored = stored
        self.offered = offered
        super().__init__(
            f"this store was embedded with {stored!r} but the embedder offered is {offered!r}; "
            "open it with the same embedder or run `worlddb reembed`"
        )


class ScopeError(WorldDBError, PermissionError):
    """A scope is malformed, or the caller is not allowed to touch it."""


class SchemaVersionError(WorldDBError, RuntimeError):
    """The store's schema is newer than this library understands."""

    def __init__(self, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(
            f"store schema version {found!r} is newer than this worlddb supports ({supported!r}); "
            "upgrade worlddb to open it"
        )


class ClosedError(WorldDBError, RuntimeError):
    """The store or engine was used after ``close()``."""

    def __init__(self) -> None:
        super().__init__("this worlddb store is closed")
