CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"address" text,
	"tax_code" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"commission_basis" text DEFAULT 'FIRST_PAYMENT' NOT NULL,
	"contract_start_date" timestamp with time zone,
	"contract_end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_agent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_code_key" ON "agencies" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "units_agency_id_idx" ON "units" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "users_agency_id_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "roles_agency_id_idx" ON "roles" USING btree ("agency_id");