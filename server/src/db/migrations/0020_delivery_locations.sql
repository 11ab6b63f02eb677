CREATE TABLE "delivery_locations" (
	"location" varchar(75) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "delivery_locations_location_idx" ON "delivery_locations" USING btree ("location");