-- The authenticator app in use and an enrolment under way are kept apart (schema/passkeys.ts,
-- userTotp): an enrolment not yet confirmed moves to pending_sealed_secret.
ALTER TABLE "user_totp" ALTER COLUMN "sealed_secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_totp" ADD COLUMN "pending_sealed_secret" text;--> statement-breakpoint
UPDATE "user_totp" SET "pending_sealed_secret" = "sealed_secret", "sealed_secret" = NULL, "last_used_step" = NULL WHERE "confirmed_at" IS NULL;
