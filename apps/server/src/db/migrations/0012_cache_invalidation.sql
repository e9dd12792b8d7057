-- Every instance caches who a caller is (account, roles, permissions, unit, agency) and the
-- menus. These triggers announce each committed change on the channel portal_invalidate, so
-- every instance forgets what it kept about it at once: 'user:<id>' for one account, 'all'
-- for roles, permissions, units, agencies and menus (rare changes that touch many accounts).
CREATE OR REPLACE FUNCTION portal_invalidate_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_invalidate', 'user:' || OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_invalidate_user_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_invalidate', 'user:' || NEW.user_id::text);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_invalidate', 'user:' || OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_invalidate_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_invalidate', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_invalidate AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_invalidate_user();
--> statement-breakpoint
CREATE TRIGGER user_roles_invalidate AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION portal_invalidate_user_role();
--> statement-breakpoint
CREATE TRIGGER roles_invalidate AFTER INSERT OR UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION portal_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER role_permissions_invalidate AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION portal_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER units_invalidate AFTER UPDATE OR DELETE ON units FOR EACH STATEMENT EXECUTE FUNCTION portal_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER agencies_invalidate AFTER UPDATE OR DELETE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION portal_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER menus_invalidate AFTER INSERT OR UPDATE OR DELETE ON menus FOR EACH STATEMENT EXECUTE FUNCTION portal_invalidate_all();
