CREATE TABLE "product_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"product_id" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"model" jsonb NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "addresses_customer_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "product_models" ADD CONSTRAINT "product_models_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_models" ADD CONSTRAINT "product_models_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_models_product_version_idx" ON "product_models" USING btree ("product_id","version");--> statement-breakpoint
CREATE INDEX "product_models_pid_idx" ON "product_models" USING btree ("pid","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_id_product_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."product_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_pid_address_idx" ON "addresses" USING btree ("pid","address","id");--> statement-breakpoint
CREATE INDEX "customers_pid_last_name_idx" ON "customers" USING btree ("pid","last_name","id");--> statement-breakpoint
CREATE INDEX "customers_pid_first_name_idx" ON "customers" USING btree ("pid","first_name","id");--> statement-breakpoint
CREATE INDEX "customers_pid_email_idx" ON "customers" USING btree ("pid","email","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("company_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '') || ' ' || coalesce("alt_phone", '') || ' ' || coalesce("erp_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id","address_type");