CREATE TABLE "action_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_category" smallint NOT NULL,
	"action" smallint NOT NULL,
	"result" smallint NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"unit_id" uuid,
	"object_id" text,
	"object_name" text,
	"content" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "group_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extension_option" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extension_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cucm_password" text;--> statement-breakpoint
CREATE INDEX "action_logs_unit_created_idx" ON "action_logs" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX "action_logs_created_idx" ON "action_logs" USING btree ("created_at");