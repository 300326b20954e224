CREATE TABLE "approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"name" text NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"metric" text NOT NULL,
	"operator" text DEFAULT 'gt' NOT NULL,
	"threshold" numeric(19, 4),
	"product_id" integer,
	"approver_level" integer,
	"approver_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_approval_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"step" integer NOT NULL,
	"decision" text NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"pid" text NOT NULL,
	"state" text NOT NULL,
	"fingerprint" text NOT NULL,
	"steps" jsonb NOT NULL,
	"current_step" integer,
	"submitted_by_user_id" integer NOT NULL,
	"submitted_by_name" text NOT NULL,
	"withdrawn_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approval_actions" ADD CONSTRAINT "quote_approval_actions_approval_id_quote_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."quote_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_pid_name_idx" ON "approval_rules" USING btree ("pid","name");--> statement-breakpoint
CREATE INDEX "quote_approval_actions_approval_idx" ON "quote_approval_actions" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "quote_approvals_quote_idx" ON "quote_approvals" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quote_approvals_waiting_idx" ON "quote_approvals" USING btree ("pid","state");