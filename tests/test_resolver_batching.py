"""The resolver's memos and shortcuts change its cost, never its answers.

The oracle is ``PlainResolver``: the tiered resolver with the name-embedding memo off and the
embedding tier as it was before the shortcut (every neighbour's row read, scores filtered after).
Both resolve the same scripted changesets through the engine, reclustering included, and must
agree on every resolution, commit and proposal. The embedder used here, like the default ONNX
one, returns different vectors for a name embedded alone and among others, so a resolver that
batched names would disagree with the oracle.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import digest
from worlddb.model import Changeset, Resolution, WorldSpec
from worlddb.plugins import Vectors
from worlddb.resolver import NO_CONTEXT, MentionContext, TieredResolver
from worlddb.resolver.base import NEW
from worlddb.resolver.blocking import ScopeSet, fts_expression, strong_words
from worlddb.resolver.memo import NameVectors
from worlddb.resolver.similarity import NameForm, hard_conflict, name_form
from worlddb.resolver.tiered import MAX_SURFACES, Option

DIMENSION = 48


def _unit(seed: str, salt: str) -> Vectors:
    rng = np.random.default_rng(int(digest(f"{salt}:{seed}".encode())[:16], 16))
    vec = rng.standard_normal(DIMENSION).astype(np.float32)
    return vec / np.linalg.norm(vec)


class FamilyEmbedder:
    """Names sharing their first four letters get close vectors (cosine ~0.95–0.99).

    The per-name noise is one of three sizes, so pairs land on both sides of the embedding
    tier's accept (0.95) and confident (0.98) thresholds. Like a per-batch quantised model, a
    vector also shifts a little with the size of its batch.
    """

    key = "family:test:48"
    dimension = DIMENSION

    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        self.calls.append(tuple(texts))
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        for row, text in enumerate(texts):
            letters = "".join(ch for ch in text.casefold() if ch.isalnum())
            noise = (0.08, 0.16, 0.24)[int(digest(text.encode())[:2], 16) % 3]
            vec = _unit(letters[:4], "family") + noise * _unit(text, "name")
            vec[0] += 0.02 * (len(texts) - 1)  # batch company moves the vector
            out[row] = vec / np.linalg.norm(vec)
        return out

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        return self.embed_documents(texts)


class PlainResolver(TieredResolver):
    """The oracle: no memo, and the embedding tier reads every neighbour before filtering."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, memo_size=0, **kwargs)

    def _embedding(
        self,
        spec: WorldSpec,
        forms: Sequence[NameForm],
        types: Sequence[str],
        exclude: Collection[str],
    ) -> list[Option]:
        if self.embedder is None or self.vectors is None or len(self.vectors) == 0:
            return []
        vector = self.embedder.embed_documents([spec.name or spec.aliases[0]])[0]
        hits = dict(self.vectors.search(vector, self.settings.embedding_k))
        cands = self.blocker.with_aliases(self.blocker.by_rids(list(hits), types, exclude))
        out: list[Option] = []
        for rid, cand in cands.items():
            score = round(hits[rid], 4)
            if score < self.settings.embedding_accept:
                continue
            stored = [name_form(s) for s in cand.surfaces[:MAX_SURFACES]]
            if all(hard_conflict(f, g) for f in forms for g in stored):
                continue
            why = "cosine of the names' embeddings, no number or given-name conflict"
            out.append(Option(cand.id, "embedding", score, why, cand.surfaces[0]))
        out.sort(key=lambda o: (-o.score, o.world_id))
        return out


class Recording:
    """Wraps a resolver's ``resolve`` to keep every question and answer in order."""

    def __init__(self, resolver: TieredResolver) -> None:
        self.log: list[tuple[WorldSpec, tuple[str, ...], Resolution]] = []
        inner = resolver.resolve

        def resolve(
            spec: WorldSpec,
            /,
            *,
            exclude: Collection[str] = (),
            scopes: ScopeSet = None,
            context: MentionContext = NO_CONTEXT,
        ) -> Resolution:
            result = inner(spec, exclude=exclude, scopes=scopes, context=context)
            self.log.append((spec, tuple(sorted(exclude)), result))
            return result

        resolver.resolve = resolve  # type: ignore[method-assign]


@dataclass(frozen=True)
class Replay:
    """What one replay decided, and how it embedded names."""

    resolutions: Sequence[tuple[WorldSpec, tuple[str, ...], Resolution]]
    commits: Sequence[tuple[dict[str, Any], dict[str, tuple[str, float]], tuple[str, ...]]]
    proposals: Sequence[tuple[str, str, str, str, float, str]]
    embedded: int

    def decisions(self) -> tuple[object, ...]:
        return (self.resolutions, self.commits, self.proposals)


def replay(changesets: Sequence[Changeset], *, plain: bool) -> Replay:
    """Write ``changesets`` (reclustering without a time limit); everything the resolver decided."""
    ticks = iter(range(1_000_000, 10**9, 1000))
    embedder = FamilyEmbedder()
    with WorldDB.open(
        ":memory:", embedder=embedder, extractor=None, clock=lambda: next(ticks)
    ) as db:
        kind = PlainResolver if plain else TieredResolver
        resolver = kind(db.store, embedder=embedder, vectors=db.vectors)
        db.reconciler.resolver = resolver
        db.recluster_budget_s = 600.0  # the whole neighbourhood, however slow the machine
        recording = Recording(resolver)
        commits = []
        for changeset in changesets:
            result = db.write(changeset)
            db.drain_recluster()  # the pass runs in the background: keep the replay in order
            commits.append((dict(result.ids), dict(result.resolutions), result.proposals))
        proposals = [
            (p.edge_id, p.source, p.target, p.tier, p.score, p.status)
            for p in db.proposals(status=None)
        ]
        return Replay(recording.log, commits, proposals, len(embedder.calls))


def entities(names: Sequence[str], kind: str = "Person") -> Changeset:
    return Changeset(worlds=tuple(WorldSpec(type=kind, name=n, resolve=True) for n in names))


SCRIPT = (
    entities(["Margaret Thornbury", "Margot Thornbury", "Bartholomew Quince"]),
    entities(["Margaret Thornbery", "Bart Quince", "Quincy Bartholomew"]),
    entities(["Thornbury Holdings", "Thornburry Holdings Ltd"], "Organization"),
    entities(["Margaret Thornbury", "M. Thornbury", "Thornbury"]),
    entities(["Quince", "Quinceworth", "Bartholomew Quincey", "Margaret Thornbury 2"]),
    entities(["Thornbury Holdings", "Thornbury Holding", "Thorn Holdings"], "Organization"),
    Changeset(
        worlds=(
            WorldSpec(type="Entity", name="Quinceworth", resolve=True),
            WorldSpec(type="Person", name="Margo Thornbury", aliases=("Maggie T",), resolve=True),
        )
    ),
)


def test_memo_and_shortcuts_give_the_oracles_answers_on_a_scripted_ingest() -> None:
    fast, plain = replay(SCRIPT, plain=False), replay(SCRIPT, plain=True)
    assert fast.resolutions == plain.resolutions
    assert fast.commits == plain.commits
    assert fast.proposals == plain.proposals
    tiers = {res.tier for _, _, res in plain.resolutions}
    assert {"exact", "fuzzy", "embedding"} <= tiers  # the script reaches every decisive tier
    assert fast.embedded < plain.embedded  # the memo saved embedder calls


_FIRST = ["Margaret", "Margot", "Marguerite", "Bart", "Bartholomew", "Quentin", "Maggie"]
_LAST = ["Thornbury", "Thornbery", "Thornburry", "Quince", "Quincey", "Quinceworth"]


@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.sampled_from([*_FIRST, ""]), st.sampled_from(_LAST)), max_size=5).map(
            lambda pairs: entities([f"{a} {b}".strip() for a, b in pairs])
        ),
        min_size=1,
        max_size=5,
    )
)
def test_memo_and_shortcuts_never_change_an_answer(changesets: list[Changeset]) -> None:
    fast, plain = replay(changesets, plain=False), replay(changesets, plain=True)
    assert fast.decisions() == plain.decisions()


def test_names_are_embedded_one_at_a_time_and_once() -> None:
    embedder = FamilyEmbedder()
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as db:
        db.write(entities(["Margaret Thornbury", "Bartholomew Quince"]))
        db.drain_recluster()  # its background pass shares the embedder: let it finish first
        resolver = TieredResolver(db.store, embedder=embedder, vectors=db.vectors)
        embedder.calls.clear()
        for _ in range(3):
            resolver.resolve(WorldSpec(type="Person", name="Zebedee Ostrowski"))
        assert embedder.calls == [("Zebedee Ostrowski",)]
        assert (resolver.name_vectors.hits, resolver.name_vectors.misses) == (2, 1)


# -- staleness -------------------------------------------------------------------------------
def test_a_write_is_seen_by_the_next_resolution_of_a_memoised_name() -> None:
    embedder = FamilyEmbedder()
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as db:
        db.write(entities(["Bartholomew Quince"]))
        resolver = TieredResolver(db.store, embedder=embedder, vectors=db.vectors)
        spec = WorldSpec(type="Organization", name="Zebrafin Analytics")
        assert resolver.resolve(spec) == NEW
        hits = resolver.name_vectors.hits
        stored = db.write(entities(["Zebrafinch Systems"], "Organization")).created[0]
        again = resolver.resolve(spec)  # the name's vector comes from the memo...
        assert resolver.name_vectors.hits == hits + 1
        assert (again.outcome, again.tier) == ("resolved", "embedding")
        assert again.world_id == stored  # ...and the answer from the store as it is now
        assert again == PlainResolver(db.store, embedder=embedder, vectors=db.vectors).resolve(spec)


def test_a_written_world_is_found_by_the_next_resolution_of_the_same_name() -> None:
    with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
        resolver = TieredResolver(db.store)
        spec = WorldSpec(type="Person", name="Rosalind Featherstonhaugh")
        assert resolver.resolve(spec) == NEW
        typo = db.write(entities(["Rosalind Featherstonehaugh"])).created[0]
        fuzzy = resolver.resolve(spec)
        assert (fuzzy.outcome, fuzzy.world_id, fuzzy.tier) == ("resolved", typo, "fuzzy")
        same = db.write(Changeset(worlds=(spec,))).created[0]
        exact = resolver.resolve(spec)
        assert (exact.outcome, exact.world_id, exact.tier) == ("resolved", same, "exact")


def test_swapping_the_embedder_drops_the_old_vectors() -> None:
    first, second = FamilyEmbedder(), FamilyEmbedder()
    memo = NameVectors(8)
    a = memo.vector(first, "Margaret Thornbury")
    b = memo.vector(second, "Margaret Thornbury")
    assert len(first.calls) == len(second.calls) == 1
    assert np.array_equal(a, b)  # same model, same name, yet computed again
    memo.vector(second, "Margaret Thornbury")
    assert len(second.calls) == 1


# -- the memo itself -------------------------------------------------------------------------
def test_memo_vectors_are_exactly_what_one_call_returns_and_read_only() -> None:
    embedder, memo = FamilyEmbedder(), NameVectors(4)
    once = embedder.embed_documents(["Quince"])[0]
    kept = memo.vector(embedder, "Quince")
    assert np.array_equal(kept, once)
    assert not kept.flags.writeable
    assert not np.array_equal(embedder.embed_documents(["Quince", "Thornbury"])[0], once)


def test_memo_is_bounded_least_recently_used_first() -> None:
    embedder, memo = FamilyEmbedder(), NameVectors(2)
    for name in ["a", "b", "a", "c", "a", "b"]:
        memo.vector(embedder, name)
    assert [c[0] for c in embedder.calls] == ["a", "b", "c", "b"]
    assert len(memo) == 2
    memo.clear()
    assert len(memo) == 0


def test_memo_size_zero_embeds_every_time_and_negative_is_refused() -> None:
    embedder, memo = FamilyEmbedder(), NameVectors(0)
    memo.vector(embedder, "a")
    memo.vector(embedder, "a")
    assert len(embedder.calls) == 2 and len(memo) == 0
    try:
        NameVectors(-1)
    except ValidationError as exc:
        assert exc.field == "memo_size"
    else:
        raise AssertionError("a negative memo size was accepted")


def test_memoised_blocking_helpers_hand_out_fresh_values() -> None:
    words = strong_words("Acme Holdings Inc.")
    words.append("mutated")
    assert strong_words("Acme Holdings Inc.") == ["acme", "holdings"]
    assert fts_expression(["Acme Inc"], stage="all") == fts_expression(("Acme Inc",), stage="all")
