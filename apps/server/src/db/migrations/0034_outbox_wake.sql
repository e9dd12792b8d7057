-- Outbox wake on commit (issue 27): a row added to an outbox NOTIFYs 'outbox_wake' with the
-- outbox's table name. PostgreSQL delivers a notification only at commit (and once per
-- distinct payload per transaction), so every instance's worker starts on a change as soon as
-- it is visible, instead of at its next poll; the poll stays as the safety net.
CREATE OR REPLACE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_wake', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER provisioning_outbox_wake AFTER INSERT ON "provisioning_outbox" FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_wake AFTER INSERT ON "mail_outbox" FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
--> statement-breakpoint
CREATE TRIGGER sms_outbox_wake AFTER INSERT ON "sms_outbox" FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
