DROP INDEX "price_list_entries_tier_idx";--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD COLUMN "option_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD COLUMN "value_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_entries_tier_idx" ON "price_list_entries" USING btree ("price_list_id","product_id","option_id","value_id","from_quantity");