ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" IN ('pending', 'approved', 'booked', 'withdrawn'));--> statement-breakpoint
-- Enquiries erased before quotes were withdrawn on erasure (docs/decisions/0019): their quotes leave the desk too.
UPDATE "quotes" SET "status" = 'withdrawn', "updated_at" = now() WHERE "status" IN ('pending', 'approved') AND "assessment_id" IN (SELECT "id" FROM "assessments" WHERE "erased_at" IS NOT NULL);