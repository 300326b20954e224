ALTER TABLE "users" ADD COLUMN "mfa_mail_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_mail_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_mail_code_attempts" integer DEFAULT 0 NOT NULL;