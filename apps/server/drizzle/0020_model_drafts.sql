CREATE TABLE "model_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"product_id" integer NOT NULL,
	"model" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_drafts" ADD CONSTRAINT "model_drafts_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_drafts" ADD CONSTRAINT "model_drafts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_drafts_product_idx" ON "model_drafts" USING btree ("product_id");