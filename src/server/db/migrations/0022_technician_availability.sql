CREATE TABLE "repairer_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"repairer_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repairer_time_off_order_check" CHECK ("repairer_time_off"."from_date" <= "repairer_time_off"."to_date")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "weekly_halves" smallint DEFAULT 1023 NOT NULL;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "jobs_per_slot" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "repairer_time_off" ADD CONSTRAINT "repairer_time_off_repairer_id_repairers_id_fk" FOREIGN KEY ("repairer_id") REFERENCES "public"."repairers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repairer_time_off_repairer_idx" ON "repairer_time_off" USING btree ("repairer_id","to_date");--> statement-breakpoint
CREATE INDEX "appointments_live_slot_idx" ON "appointments" USING btree ("appointment_date","time_slot") WHERE "appointments"."status" IN ('held', 'confirmed', 'assigned');--> statement-breakpoint
ALTER TABLE "repairers" ADD CONSTRAINT "repairers_weekly_halves_check" CHECK ("repairers"."weekly_halves" BETWEEN 0 AND 16383);--> statement-breakpoint
ALTER TABLE "repairers" ADD CONSTRAINT "repairers_jobs_per_slot_check" CHECK ("repairers"."jobs_per_slot" BETWEEN 1 AND 10);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('quote_approved', 'quote_changed', 'quote_deleted', 'payment_refunded', 'payout_withheld', 'job_taken_back', 'repairer_verified', 'repairer_unverified', 'repairer_added', 'availability_changed', 'data_exported', 'data_erased'));