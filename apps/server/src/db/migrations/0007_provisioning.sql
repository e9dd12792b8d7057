CREATE TABLE "app_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid,
	"profile_id" uuid,
	"group_id" uuid,
	"status" smallint DEFAULT 1 NOT NULL,
	"remote_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_users_service_user_key" UNIQUE("service_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"unit_id" uuid,
	"scim_endpoint" text,
	"credential_cipher" text,
	"backchannel_logout_uri" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_service_unit_key" UNIQUE NULLS NOT DISTINCT("service_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "provisioning_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"unit_id" uuid,
	"service_id" uuid,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"payload" jsonb,
	"status" smallint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_objects" ADD COLUMN "remote_id" text;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_role_id_app_objects_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."app_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_profile_id_app_objects_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."app_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_group_id_app_objects_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_users_unit_service_idx" ON "app_users" USING btree ("unit_id","service_id");--> statement-breakpoint
CREATE INDEX "provisioning_outbox_due_idx" ON "provisioning_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "provisioning_outbox_object_idx" ON "provisioning_outbox" USING btree ("object_type","object_id","seq");--> statement-breakpoint
CREATE INDEX "provisioning_outbox_unit_service_idx" ON "provisioning_outbox" USING btree ("unit_id","service_id");