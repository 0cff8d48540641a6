CREATE TABLE "account_integration" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cash_group_id" integer,
	"default_cash_account_id" integer,
	"bank_group_id" integer,
	"receivables_group_id" integer,
	"freight_revenue_account_id" integer,
	"opening_equity_account_id" integer
);
--> statement-breakpoint
CREATE TABLE "company_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"ntn" text DEFAULT '' NOT NULL,
	"logo_path" text
);
--> statement-breakpoint
CREATE TABLE "pl_heading_groups" (
	"heading" text NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "pl_heading_groups_heading_account_id_pk" PRIMARY KEY("heading","account_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"voucher_id" integer NOT NULL,
	"voucher_number" text NOT NULL,
	"line_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_counters" (
	"voucher_type_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "voucher_counters_voucher_type_id_year_pk" PRIMARY KEY("voucher_type_id","year")
);
--> statement-breakpoint
CREATE TABLE "voucher_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bill_number" text DEFAULT '' NOT NULL,
	"account_title" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	CONSTRAINT "voucher_types_abbreviation_unique" UNIQUE("abbreviation")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_type_id" integer NOT NULL,
	"voc_manual_number" text NOT NULL,
	"voucher_date" date NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"cash_account_id" integer,
	"total_amount" bigint NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"reversal_of_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_cash_group_id_accounts_id_fk" FOREIGN KEY ("cash_group_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_default_cash_account_id_accounts_id_fk" FOREIGN KEY ("default_cash_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_bank_group_id_accounts_id_fk" FOREIGN KEY ("bank_group_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_receivables_group_id_accounts_id_fk" FOREIGN KEY ("receivables_group_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_freight_revenue_account_id_accounts_id_fk" FOREIGN KEY ("freight_revenue_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_opening_equity_account_id_accounts_id_fk" FOREIGN KEY ("opening_equity_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_heading_groups" ADD CONSTRAINT "pl_heading_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_line_id_voucher_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."voucher_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_voucher_type_id_voucher_types_id_fk" FOREIGN KEY ("voucher_type_id") REFERENCES "public"."voucher_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_cash_account_id_accounts_id_fk" FOREIGN KEY ("cash_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_reversal_of_id_vouchers_id_fk" FOREIGN KEY ("reversal_of_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_line_key" ON "ledger_entries" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_order_idx" ON "ledger_entries" USING btree ("account_id","entry_date","voucher_number","line_no");--> statement-breakpoint
CREATE INDEX "ledger_entries_date_idx" ON "ledger_entries" USING btree ("entry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_lines_voucher_line_key" ON "voucher_lines" USING btree ("voucher_id","line_no");--> statement-breakpoint
CREATE INDEX "voucher_lines_account_idx" ON "voucher_lines" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_number_key" ON "vouchers" USING btree ("voc_manual_number");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_reversal_of_key" ON "vouchers" USING btree ("reversal_of_id");--> statement-breakpoint
CREATE INDEX "vouchers_status_idx" ON "vouchers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "vouchers_type_date_idx" ON "vouchers" USING btree ("voucher_type_id","voucher_date");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_parent_name_key" ON "accounts" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "accounts_level_idx" ON "accounts" USING btree ("level");