-- pg_trgm powers client search (GIN trigram indexes); PGlite loads it as an extension module.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
