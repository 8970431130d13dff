CREATE TABLE "price_list_entries" (
	"damage_type" text NOT NULL,
	"location_band" smallint NOT NULL,
	"labor_pence" integer NOT NULL,
	"parts_pence" integer NOT NULL,
	"materials_pence" integer NOT NULL,
	"hours" double precision NOT NULL,
	"labour_wording" text NOT NULL,
	"parts_wording" text NOT NULL,
	"materials_wording" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_entries_damage_type_location_band_pk" PRIMARY KEY("damage_type","location_band")
);
--> statement-breakpoint
ALTER TABLE "quote_modification_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "assessments_created_idx" ON "assessments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "assessments_reference_search_idx" ON "assessments" USING btree (lower("reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "assessments_name_search_idx" ON "assessments" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "assessments_email_search_idx" ON "assessments" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "assessments_postcode_search_idx" ON "assessments" USING btree (lower(replace("postcode", ' ', '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quote_modification_requests_quote_idx" ON "quote_modification_requests" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at");