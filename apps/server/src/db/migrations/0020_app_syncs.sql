CREATE TABLE "app_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"total" integer NOT NULL,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provisioning_outbox" ADD COLUMN "sync_id" uuid;--> statement-breakpoint
ALTER TABLE "app_syncs" ADD CONSTRAINT "app_syncs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_syncs" ADD CONSTRAINT "app_syncs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provisioning_outbox_sync_idx" ON "provisioning_outbox" USING btree ("sync_id","status");