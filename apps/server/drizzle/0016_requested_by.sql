ALTER TABLE "quotes" ADD COLUMN "requested_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "requested_by_email" text;--> statement-breakpoint
-- Every quote request so far is still its requester's own.
UPDATE "quotes" SET "requested_by_user_id" = "created_by_user_id", "requested_by_email" = "created_by_email" WHERE "type" = 3;
