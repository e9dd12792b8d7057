ALTER TABLE "services" ADD COLUMN "client_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "client_secret_rotated_at" timestamp with time zone;