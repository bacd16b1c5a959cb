"""worlddb: long-term memory for AI agents.

Content-addressed *worlds*, a reconciler as the only write path, typed edge handlers,
bitemporal reads and hybrid recall with no LLM on the read path. Start with
``WorldDB.open(path)``.
"""

from worlddb.engine import WorldDB
from worlddb.engine.access import ScopeGrant
from worlddb.errors import (
    AmbiguousIdError,
    ClosedError,
    HandlerError,
    HandlerRefusedError,
    ModelMismatchError,
    ModelMissingError,
    NotFoundError,
    ReconcileError,
    SchemaVersionError,
    ScopeError,
    ValidationError,
    ValidityError,
    WorldDBError,
)
from worlddb.handlers import EdgeHandler, HandlerRegistry, PlainHandler, default_handlers
from worlddb.ingest import IngestResult
from worlddb.model import (
    Changeset,
    CommitResult,
    Edge,
    EdgeSpec,
    InteriorEdge,
    MergeProposal,
    NodeId,
    World,
    WorldSpec,
)
from worlddb.plugins import Embedder, Extractor, Message, Summarizer
from worlddb.recall import Neighbour, RecallHit, RecallResult, Succession
from worlddb.reconciler.erasure import ErasureReport
from worlddb.scopes import ScopeInfo

__all__ = [
    "AmbiguousIdError",
    "Changeset",
    "ClosedError",
    "CommitResult",
    "Edge",
    "EdgeHandler",
    "EdgeSpec",
    "Embedder",
    "ErasureReport",
    "Extractor",
    "HandlerError",
    "HandlerRefusedError",
    "HandlerRegistry",
    "IngestResult",
    "InteriorEdge",
    "MergeProposal",
    "Message",
    "ModelMismatchError",
    "ModelMissingError",
    "Neighbour",
    "NodeId",
    "NotFoundError",
    "PlainHandler",
    "RecallHit",
    "RecallResult",
    "ReconcileError",
    "SchemaVersionError",
    "ScopeError",
    "ScopeGrant",
    "ScopeInfo",
    "Succession",
    "Summarizer",
    "ValidationError",
    "ValidityError",
    "World",
    "WorldDB",
    "WorldDBError",
    "WorldSpec",
    "default_handlers",
]

__version__ = "0.1.0"
