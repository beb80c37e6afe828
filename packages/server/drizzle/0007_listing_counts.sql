CREATE TABLE "listing_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
