-- More lists sorted from an index (the stores' sort keys: app-object-store.ts APP_OBJECT_SORT,
-- app-user-store.ts APP_USER_SORT, blacklist-store.ts, outbox-store.ts OUTBOX_SORT): a service
-- app's roles, profiles and groups by code or name, per unit and every unit's; grants found by
-- user (a list sorted by account walks the users' indexes); the blacklists by when listed; the
-- mail outbox by state, each state's mail in time order.
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "blacklist_domains_created_idx" ON "blacklist_domains" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blacklist_exceptions_created_idx" ON "blacklist_exceptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blacklist_subdomains_created_idx" ON "blacklist_subdomains" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_objects_unit_name_idx" ON "app_objects" USING btree ("unit_id","kind",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "app_objects_unit_code_idx" ON "app_objects" USING btree ("unit_id","kind",lower("code"),"id");--> statement-breakpoint
CREATE INDEX "app_objects_name_idx" ON "app_objects" USING btree ("kind",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "app_objects_code_idx" ON "app_objects" USING btree ("kind",lower("code"),"id");--> statement-breakpoint
CREATE INDEX "app_users_user_idx" ON "app_users" USING btree ("user_id");