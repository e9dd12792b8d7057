-- A sign-in writes the account's bookkeeping (last sign-in, the failed-password count, the
-- row's update time). None of it is part of what instances cache about a caller, so such a
-- write no longer makes every instance forget the account: two of the three account reads of
-- each sign-in then come from memory. Any other change (status, lock, password, unit, tokens
-- valid after …) still announces itself at once, as does deleting the account.
DROP TRIGGER IF EXISTS users_invalidate ON users;
--> statement-breakpoint
CREATE TRIGGER users_invalidate AFTER UPDATE ON users FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_login_at' - 'failed_login_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_login_at' - 'failed_login_count' - 'updated_at'))
  EXECUTE FUNCTION portal_invalidate_user();
--> statement-breakpoint
CREATE TRIGGER users_invalidate_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_invalidate_user();
