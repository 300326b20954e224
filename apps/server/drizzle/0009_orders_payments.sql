CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"quote_id" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_payment_id" text,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "integration" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pid_platforms_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_quote_idx" ON "payments" USING btree ("quote_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_quote_succeeded_key" ON "payments" USING btree ("quote_id") WHERE status = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider","provider_payment_id");