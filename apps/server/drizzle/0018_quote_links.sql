CREATE TABLE "quote_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"quote_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signer_title" text NOT NULL,
	"signature_kind" text NOT NULL,
	"signature_text" text,
	"signature_png" text,
	"document_hash" text NOT NULL,
	"signed_document_path" text,
	"paid_by" text NOT NULL,
	"po_number" text,
	"ip" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_acceptances_quoteId_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "quote_share_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "quote_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"quote_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"shared_by_user_id" integer NOT NULL,
	"shared_by_email" text NOT NULL,
	"revision" integer NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "quote_shares_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "communications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "share_id" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "selected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_share_id_quote_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."quote_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_share_openings" ADD CONSTRAINT "quote_share_openings_share_id_quote_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."quote_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_shares" ADD CONSTRAINT "quote_shares_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_shares" ADD CONSTRAINT "quote_shares_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_share_openings_share_idx" ON "quote_share_openings" USING btree ("share_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_shares_quote_idx" ON "quote_shares" USING btree ("quote_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_share_id_quote_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."quote_shares"("id") ON DELETE set null ON UPDATE no action;