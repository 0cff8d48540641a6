CREATE TABLE "account_daily_balances" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	CONSTRAINT "account_daily_balances_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "account_monthly_balances" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	CONSTRAINT "account_monthly_balances_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "account_daily_balances" ADD CONSTRAINT "account_daily_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_monthly_balances" ADD CONSTRAINT "account_monthly_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_daily_balances_day_idx" ON "account_daily_balances" USING btree ("day");--> statement-breakpoint
CREATE INDEX "account_monthly_balances_month_idx" ON "account_monthly_balances" USING btree ("month");--> statement-breakpoint
INSERT INTO "account_daily_balances" ("account_id", "day", "debit", "credit")
SELECT "account_id", "entry_date", sum("debit"), sum("credit") FROM "ledger_entries" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "account_monthly_balances" ("account_id", "month", "debit", "credit")
SELECT "account_id", date_trunc('month', "entry_date")::date, sum("debit"), sum("credit") FROM "ledger_entries" GROUP BY 1, 2;
