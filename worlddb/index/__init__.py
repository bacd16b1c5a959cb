"""Search indexes kept in step with the store: full text, vectors and the entity graph."""
