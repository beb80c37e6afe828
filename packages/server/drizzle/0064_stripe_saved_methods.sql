CREATE TABLE "payment_gateway_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_id" integer NOT NULL,
	"gateway" varchar(32) NOT NULL,
	"reference" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD COLUMN "authentication_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway" varchar(32);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway_customer" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_gateway_customers" ADD CONSTRAINT "payment_gateway_customers_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gateway_customers_supporter_gateway_unique" ON "payment_gateway_customers" USING btree ("supporter_id","gateway");--> statement-breakpoint
-- A method saved before its gateway was kept belongs to the gateway that charged it.
UPDATE "payment_methods" m SET "gateway" = (
  SELECT p."gateway" FROM "payments" p WHERE p."payment_method_id" = m."id" AND p."gateway" IS NOT NULL ORDER BY p."id" LIMIT 1
) WHERE m."gateway" IS NULL;
