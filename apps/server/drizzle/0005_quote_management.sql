CREATE TABLE "communications" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"pid" text NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"comment" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "alt_phone" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communications_quote_date_idx" ON "communications" USING btree ("quote_id","date","id");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_quote_idx" ON "addresses" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_pid_type_created_idx" ON "quotes" USING btree ("pid","type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "quotes_pid_owner_type_created_idx" ON "quotes" USING btree ("pid","created_by_user_id","type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "quotes_pid_type_total_idx" ON "quotes" USING btree ("pid","type","total_cost" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "quotes_search_trgm_idx" ON "quotes" USING gin (('#' || "id"::text || ' ' || coalesce("name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);