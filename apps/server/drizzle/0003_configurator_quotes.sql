CREATE TABLE "configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"product_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"model_version" integer NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"quote_id" integer,
	"line_id" integer,
	"is_complete" boolean DEFAULT false NOT NULL,
	"part_number" text,
	"description" text,
	"price_cents" bigint,
	"details" jsonb,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid NOT NULL,
	"quote_id" integer NOT NULL,
	"pid" text NOT NULL,
	"product_id" integer,
	"configuration_id" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(19, 4) NOT NULL,
	"sales_price" numeric(19, 4),
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"img_url" text,
	"part_number" text,
	"description" text,
	"product_name" text,
	"cfg_part_number" text,
	"line_description" text,
	"username" text,
	"quote_created" text DEFAULT '1' NOT NULL,
	"is_non_configurable" boolean DEFAULT false NOT NULL,
	"rma_created" boolean DEFAULT false NOT NULL,
	"pricing_doc_link" text,
	"company_id" integer DEFAULT 1 NOT NULL,
	"header_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_lines_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid NOT NULL,
	"pid" text NOT NULL,
	"type" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text,
	"company_id" integer DEFAULT 1,
	"sf_quote_number" text,
	"salesforce_quote_id" text,
	"salesforce_opportunity_id" text,
	"status_type_id" integer,
	"created_by_user_id" integer NOT NULL,
	"created_by_email" text NOT NULL,
	"date_order_placed" timestamp with time zone,
	"sf_customer" text,
	"sf_user_id" text,
	"sf_user_alias" text,
	"sf_rep_code" text,
	"sf_division_code" text,
	"sf_territory_code" text,
	"sf_region_code" text,
	"csi_customer_number" text,
	"csi_status" text,
	"erp_id" text,
	"erp_order_no" text,
	"contact_id" integer,
	"notes" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_cost" numeric(19, 4) DEFAULT '0' NOT NULL,
	"po_number" text,
	"quote_gen_config_id" text,
	"quote_gen_header_id" text,
	"so_write_up_config_id" text,
	"so_write_up_doc_link" text,
	"current_printed_document" text,
	"swiftsell_quote_id" text,
	"is_locked" boolean DEFAULT false NOT NULL,
	"rma_created" boolean DEFAULT false NOT NULL,
	"same_as_billing" boolean DEFAULT false NOT NULL,
	"shipping_address_id" integer,
	"billing_address_id" integer,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_model_id_product_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."product_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_line_id_quote_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."quote_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_type_id_status_types_id_fk" FOREIGN KEY ("status_type_id") REFERENCES "public"."status_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_contact_id_customers_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_shipping_address_id_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configurations_pid_username_created_idx" ON "configurations" USING btree ("pid","username","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quote_lines_configuration_idx" ON "quote_lines" USING btree ("configuration_id");--> statement-breakpoint
CREATE INDEX "quotes_pid_created_idx" ON "quotes" USING btree ("pid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_owner_created_idx" ON "quotes" USING btree ("created_by_user_id","created_at" DESC NULLS LAST);