-- Issue 40: a point-of-sale card payment left waiting for the donor's bank (3-D Secure) is stored when it is asked, so a browser closed mid-challenge leaves it known and the order's next attempt settles it at the gateway.
CREATE TABLE "pos_pending_intents" (
	"contribution_id" integer NOT NULL,
	"gateway" varchar(50) NOT NULL,
	"reference" varchar(255) NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_pending_intents_gateway_reference_pk" PRIMARY KEY("gateway","reference")
);
--> statement-breakpoint
ALTER TABLE "pos_pending_intents" ADD CONSTRAINT "pos_pending_intents_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_pending_intents_contribution_idx" ON "pos_pending_intents" USING btree ("contribution_id");