-- Lists of users and of the action log read their pages newest first straight from these indexes.
DROP INDEX "users_unit_id_idx";--> statement-breakpoint
DROP INDEX "action_logs_unit_created_idx";--> statement-breakpoint
DROP INDEX "action_logs_created_idx";--> statement-breakpoint
CREATE INDEX "users_unit_created_idx" ON "users" USING btree ("unit_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id","unit_id","status");--> statement-breakpoint
CREATE INDEX "action_logs_unit_created_idx" ON "action_logs" USING btree ("unit_id","created_at","id");--> statement-breakpoint
CREATE INDEX "action_logs_created_idx" ON "action_logs" USING btree ("created_at","id");