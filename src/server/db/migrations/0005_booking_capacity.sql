ALTER TABLE "slot_capacity" ADD COLUMN "overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_capacity" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_capacity" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_quote_live_key" ON "appointments" USING btree ("quote_id") WHERE "appointments"."status" IN ('held', 'confirmed', 'assigned');--> statement-breakpoint
CREATE INDEX "appointments_held_expiry_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."status" = 'held';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_time_slot_check" CHECK ("appointments"."time_slot" IN ('morning', 'afternoon'));--> statement-breakpoint
ALTER TABLE "slot_capacity" ADD CONSTRAINT "slot_capacity_taken_check" CHECK ("slot_capacity"."taken" >= 0 AND "slot_capacity"."taken" <= "slot_capacity"."capacity");--> statement-breakpoint
ALTER TABLE "slot_capacity" ADD CONSTRAINT "slot_capacity_time_slot_check" CHECK ("slot_capacity"."time_slot" IN ('morning', 'afternoon'));