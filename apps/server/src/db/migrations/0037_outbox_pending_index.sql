-- The claim walks the pending rows in queue order and stops at its batch (platform/outbox/lease.ts):
-- a Sync's thousands queued, or years of delivered rows kept, no longer make each claim read them all.
CREATE INDEX "provisioning_outbox_pending_idx" ON "provisioning_outbox" USING btree ("seq") WHERE "provisioning_outbox"."status" = 0;
