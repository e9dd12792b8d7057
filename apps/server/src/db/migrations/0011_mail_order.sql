-- Mail to one receiver leaves in the order it was queued (existing rows are numbered as they are).
ALTER TABLE "mail_outbox" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree ("recipient","seq");