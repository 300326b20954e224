-- Trigram matching for the customer search index (customers_search_trgm_idx, next migration).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it without superuser rights.
-- PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (see src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
