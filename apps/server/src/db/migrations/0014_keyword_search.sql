-- A keyword finds users by any part of their username, name, e-mail or mobile (ilike '%…%').
-- A trigram index on that very expression (platform: USER_SEARCH_TEXT) answers it from the
-- index instead of reading a million rows. PGlite loads pg_trgm itself (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm ON users USING gin ((username || ' ' || full_name || ' ' || email || ' ' || coalesce(mobile, '')) gin_trgm_ops);
