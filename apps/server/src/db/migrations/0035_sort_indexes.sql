-- Sorted lists read their pages from an index in either direction (the expressions are the
-- stores' sort keys: account-core.ts ACCOUNT_SORT, action-log-store.ts LOG_SORT, device-search.ts
-- DEVICE_SORT). A unit's rows by the (unit_id, …) ones; every unit at once by the others.
DROP INDEX "user_devices_unit_id_idx";--> statement-breakpoint
CREATE INDEX "users_unit_username_idx" ON "users" USING btree ("unit_id",lower("username"),"id");--> statement-breakpoint
CREATE INDEX "users_unit_full_name_idx" ON "users" USING btree ("unit_id",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "users_unit_email_idx" ON "users" USING btree ("unit_id",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "users_unit_status_idx" ON "users" USING btree ("unit_id","status","id");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree (lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "user_devices_signed_in_idx" ON "user_devices" USING btree ("signed_in_at","id");--> statement-breakpoint
CREATE INDEX "user_devices_ip_idx" ON "user_devices" USING btree (coalesce("ip_address", ''),"signed_in_at","id");--> statement-breakpoint
CREATE INDEX "user_devices_unit_ip_idx" ON "user_devices" USING btree ("unit_id",coalesce("ip_address", ''),"signed_in_at","id");--> statement-breakpoint
CREATE INDEX "action_logs_username_idx" ON "action_logs" USING btree (lower("username"),"created_at","id");--> statement-breakpoint
CREATE INDEX "action_logs_unit_username_idx" ON "action_logs" USING btree ("unit_id",lower("username"),"created_at","id");--> statement-breakpoint
CREATE INDEX "user_devices_unit_id_idx" ON "user_devices" USING btree ("unit_id","signed_in_at","id");