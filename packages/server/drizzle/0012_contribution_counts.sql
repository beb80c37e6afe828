CREATE TABLE "contribution_counts" (
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
