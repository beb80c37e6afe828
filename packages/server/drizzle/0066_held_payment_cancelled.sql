-- Issue 40: a renewal left waiting for the donor's authentication, once cancelled at its gateway, is marked so and never asked to cancel again.
ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;
