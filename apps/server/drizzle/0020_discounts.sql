ALTER TABLE "products" ADD COLUMN "cost" numeric(19, 4);--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "discount_percent" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "list_price" numeric(19, 4);--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "price_list_price" numeric(19, 4);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_percent" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "shows_margin" boolean DEFAULT false NOT NULL;