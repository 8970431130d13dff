CREATE TABLE "slot_reservations" (
	"quote_id" integer PRIMARY KEY NOT NULL,
	"slot_date" date NOT NULL,
	"time_slot" text NOT NULL,
	"repairer_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_reservations_time_slot_check" CHECK ("slot_reservations"."time_slot" IN ('morning', 'afternoon'))
);
--> statement-breakpoint
ALTER TABLE "slot_reservations" ADD CONSTRAINT "slot_reservations_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_reservations" ADD CONSTRAINT "slot_reservations_repairer_id_repairers_id_fk" FOREIGN KEY ("repairer_id") REFERENCES "public"."repairers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_reservations_repairer_idx" ON "slot_reservations" USING btree ("repairer_id","slot_date","time_slot");--> statement-breakpoint
CREATE INDEX "slot_reservations_unplaced_idx" ON "slot_reservations" USING btree ("slot_date","time_slot") WHERE "slot_reservations"."repairer_id" IS NULL;--> statement-breakpoint
CREATE INDEX "quotes_assigned_repairer_idx" ON "quotes" USING btree ("assigned_repairer_id");