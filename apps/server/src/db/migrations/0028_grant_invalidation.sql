-- A provider grant that ends (sign-out, a session ended, "sign out everywhere", a lock, a
-- password change, a refresh the entitlement refuses) is a deleted Grant row. Every instance
-- hears it and stops accepting the access tokens issued under it (identity/live-grants.ts).
CREATE OR REPLACE FUNCTION portal_invalidate_grant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_invalidate', 'grant:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER oidc_grants_invalidate AFTER DELETE ON oidc_payloads FOR EACH ROW
  WHEN (OLD.type = 'Grant') EXECUTE FUNCTION portal_invalidate_grant();
