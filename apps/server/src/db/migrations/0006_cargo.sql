CREATE SEQUENCE "public"."shipment_tracking_serial" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "rate_bands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_bands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sheet_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"country_id" integer,
	"zip_prefix" text,
	"min_kg" numeric(10, 3) NOT NULL,
	"max_kg" numeric(10, 3) NOT NULL,
	"currency_id" integer NOT NULL,
	"flat" bigint,
	"first_kg" bigint,
	"add_kg" bigint
);
--> statement-breakpoint
CREATE TABLE "rate_sheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_type_id" integer NOT NULL,
	"shipment_type" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"effective_date" date NOT NULL,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"complaint_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_complaint_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cn_number" text NOT NULL,
	"complaint_satement" text NOT NULL,
	"shipment_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"complaint_date" date NOT NULL,
	"customer_user_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"desc" text NOT NULL,
	"code" text NOT NULL,
	"quantity" integer NOT NULL,
	"uom_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"value" bigint NOT NULL,
	"country_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"weight" numeric(10, 2) NOT NULL,
	"length" numeric(10, 2) NOT NULL,
	"width" numeric(10, 2) NOT NULL,
	"height" numeric(10, 2) NOT NULL,
	"acc_weight" numeric(12, 2) NOT NULL,
	"ch_weight" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_parties" (
	"shipment_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"country_id" integer NOT NULL,
	"address" text NOT NULL,
	"address_2" text,
	"address_3" text,
	"postal_code" text,
	"city" text,
	"state" text,
	"email" text,
	"phone" text NOT NULL,
	"gst" text,
	"ntn" text,
	"cnic" text,
	"vat" text,
	CONSTRAINT "shipment_parties_shipment_id_role_pk" PRIMARY KEY("shipment_id","role")
);
--> statement-breakpoint
CREATE TABLE "shipment_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"status_location" text NOT NULL,
	"status_date" timestamp with time zone NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by" integer
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"shipment_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_shipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tracking_id" text NOT NULL,
	"shipment_date" date NOT NULL,
	"shipment_type" text NOT NULL,
	"shipment_desc" text,
	"shipment_purpose_id" integer,
	"service_type_id" integer NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"shipment_tax_id" integer NOT NULL,
	"expected_delivery_date" date,
	"shipment_ref" text,
	"invoice_type" smallint DEFAULT 1 NOT NULL,
	"rebate" smallint DEFAULT 1 NOT NULL,
	"sro_number" text,
	"financial_instruments" smallint DEFAULT 0 NOT NULL,
	"financial_instruments_no" text,
	"financial_instruments_bank" text,
	"vat" text,
	"total_packages" integer NOT NULL,
	"total_weight" numeric(12, 2) NOT NULL,
	"track_status" text,
	"customer_user_id" integer,
	"sender_id" integer,
	"receiver_id" integer,
	"currency_id" integer,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"base_amount" bigint DEFAULT 0 NOT NULL,
	"weight_charges" bigint,
	"rate_first_kg" bigint,
	"rate_add_kg" bigint,
	"rate_flat" bigint,
	"rate_sheet_id" integer,
	"rate_manual" smallint DEFAULT 0 NOT NULL,
	"voucher_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "tracking_no" text;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "packages" integer;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "weight" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "weight_charges" bigint;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "rate_first_kg" bigint;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "rate_add_kg" bigint;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "rate_flat" bigint;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "rate_bands" ADD CONSTRAINT "rate_bands_sheet_id_rate_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."rate_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_bands" ADD CONSTRAINT "rate_bands_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_bands" ADD CONSTRAINT "rate_bands_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheets" ADD CONSTRAINT "rate_sheets_service_type_id_service_types_service_type_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("service_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheets" ADD CONSTRAINT "rate_sheets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_status_id_complaint_statuses_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."complaint_statuses"("status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_uom_id_units_uom_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."units"("uom_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_parties" ADD CONSTRAINT "shipment_parties_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_parties" ADD CONSTRAINT "shipment_parties_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_status_history" ADD CONSTRAINT "shipment_status_history_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_status_history" ADD CONSTRAINT "shipment_status_history_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_status_history" ADD CONSTRAINT "shipment_status_history_superseded_by_users_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipment_purpose_id_shipment_purposes_shipment_purpose_id_fk" FOREIGN KEY ("shipment_purpose_id") REFERENCES "public"."shipment_purposes"("shipment_purpose_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_service_type_id_service_types_service_type_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("service_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipment_tax_id_shipment_tax_types_shipment_tax_id_fk" FOREIGN KEY ("shipment_tax_id") REFERENCES "public"."shipment_tax_types"("shipment_tax_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_sender_id_senders_sender_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."senders"("sender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_receiver_id_receivers_receiver_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."receivers"("receiver_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_rate_sheet_id_rate_sheets_id_fk" FOREIGN KEY ("rate_sheet_id") REFERENCES "public"."rate_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_bands_country_idx" ON "rate_bands" USING btree ("sheet_id","country_id","max_kg");--> statement-breakpoint
CREATE INDEX "rate_bands_zip_idx" ON "rate_bands" USING btree ("sheet_id","zip_prefix","max_kg");--> statement-breakpoint
CREATE INDEX "rate_sheets_lookup_idx" ON "rate_sheets" USING btree ("service_type_id","shipment_type","type","effective_date","id");--> statement-breakpoint
CREATE INDEX "rate_sheets_uploaded_idx" ON "rate_sheets" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE INDEX "complaints_shipment_idx" ON "complaints" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "complaints_customer_idx" ON "complaints" USING btree ("customer_user_id","complaint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_key" ON "shipment_lines" USING btree ("shipment_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_packages_key" ON "shipment_packages" USING btree ("shipment_id","line_no");--> statement-breakpoint
CREATE INDEX "shipment_status_history_shipment_idx" ON "shipment_status_history" USING btree ("shipment_id","status_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key" ON "shipments" USING btree ("tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_voucher_key" ON "shipments" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "shipments_list_idx" ON "shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_customer_date_idx" ON "shipments" USING btree ("customer_user_id","shipment_date","shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_date_idx" ON "shipments" USING btree ("shipment_date","shipment_id");