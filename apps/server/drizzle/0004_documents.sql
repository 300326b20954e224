CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"quote_id" integer NOT NULL,
	"line_id" integer,
	"kind" text NOT NULL,
	"revision" integer NOT NULL,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"mimetype" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_path_unique" UNIQUE("path"),
	CONSTRAINT "documents_quote_kind_line_revision_key" UNIQUE NULLS NOT DISTINCT("quote_id","kind","line_id","revision")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_line_id_quote_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."quote_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_quote_created_idx" ON "documents" USING btree ("quote_id","created_at" DESC NULLS LAST);