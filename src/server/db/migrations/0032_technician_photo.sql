CREATE TABLE "repairer_photos" (
	"repairer_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"display_key" text NOT NULL,
	"display_bytes" integer NOT NULL,
	"thumb_key" text NOT NULL,
	"thumb_bytes" integer NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repairer_photos" ADD CONSTRAINT "repairer_photos_repairer_id_repairers_id_fk" FOREIGN KEY ("repairer_id") REFERENCES "public"."repairers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repairer_photos_token_key" ON "repairer_photos" USING btree ("token");--> statement-breakpoint
CREATE INDEX "warranties_repairer_idx" ON "warranties" USING btree ("repairer_id");