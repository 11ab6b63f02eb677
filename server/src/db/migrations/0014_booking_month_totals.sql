CREATE TABLE "booking_month_totals" (
	"creditor_number" integer NOT NULL,
	"month" date NOT NULL,
	"bookings" integer NOT NULL,
	"net" numeric NOT NULL,
	"empty_reports" integer NOT NULL,
	CONSTRAINT "booking_month_totals_creditor_number_month_pk" PRIMARY KEY("creditor_number","month")
);
