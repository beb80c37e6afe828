CREATE TABLE "sandbox_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(40) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"payment_reference" varchar(40),
	"source_reference" varchar(40),
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"outcome" varchar(20),
	"failure_code" varchar(50),
	"failure_message" varchar(255),
	"description" varchar(255),
	"answer" jsonb NOT NULL,
	"settles_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_ledger_kind_check" CHECK ("sandbox_ledger"."kind" in ('charge', 'ach_debit', 'refund')),
	CONSTRAINT "sandbox_ledger_status_check" CHECK ("sandbox_ledger"."status" in ('succeeded', 'pending', 'failed')),
	CONSTRAINT "sandbox_ledger_amount_check" CHECK ("sandbox_ledger"."amount" > 0),
	CONSTRAINT "sandbox_ledger_refund_check" CHECK (("sandbox_ledger"."kind" = 'refund') = ("sandbox_ledger"."payment_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(40) NOT NULL,
	"type" varchar(8) NOT NULL,
	"reusable" boolean DEFAULT false NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"brand" varchar(20),
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint,
	"exp_year" smallint,
	"idempotency_key" varchar(255),
	"request_hash" char(64),
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_sources_type_check" CHECK ("sandbox_sources"."type" in ('card', 'bank'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ledger_reference_unique" ON "sandbox_ledger" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ledger_idempotency_unique" ON "sandbox_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_ledger_payment_idx" ON "sandbox_ledger" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sources_reference_unique" ON "sandbox_sources" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sources_idempotency_unique" ON "sandbox_sources" USING btree ("idempotency_key");