CREATE TABLE "activity_counters" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"unit_id" uuid,
	"service_code" text DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "activity_counters_key" UNIQUE NULLS NOT DISTINCT("metric","day","unit_id","service_code")
);
--> statement-breakpoint
CREATE TABLE "activity_devices" (
	"day" date NOT NULL,
	"unit_id" uuid,
	"device_key" text NOT NULL,
	CONSTRAINT "activity_devices_key" UNIQUE NULLS NOT DISTINCT("unit_id","day","device_key")
);
--> statement-breakpoint
CREATE TABLE "service_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"unit_id" uuid,
	"service_code" text NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_counters" ADD CONSTRAINT "activity_counters_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_devices" ADD CONSTRAINT "activity_devices_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accesses" ADD CONSTRAINT "service_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accesses" ADD CONSTRAINT "service_accesses_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_counters_unit_idx" ON "activity_counters" USING btree ("unit_id","metric","day");--> statement-breakpoint
CREATE INDEX "service_accesses_unit_idx" ON "service_accesses" USING btree ("unit_id","accessed_at");