CREATE TABLE "fiscal_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	CONSTRAINT "fiscal_reports_status_check" CHECK ("fiscal_reports"."status" IN ('pending', 'reported', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pos_device_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_device_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"counter_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "pos_sessions_one_open";--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD COLUMN "printed_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_reports" ADD CONSTRAINT "fiscal_reports_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_device_tokens" ADD CONSTRAINT "pos_device_tokens_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_device_tokens" ADD CONSTRAINT "pos_device_tokens_counter_id_pos_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."pos_counters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_device_tokens" ADD CONSTRAINT "pos_device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_reports_order_key" ON "fiscal_reports" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fiscal_reports_queue_idx" ON "fiscal_reports" USING btree ("next_attempt_at","id") WHERE "fiscal_reports"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pos_device_tokens_hash_key" ON "pos_device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_device_tokens_device_key" ON "pos_device_tokens" USING btree ("session_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sessions_one_rescue" ON "pos_sessions" USING btree ("counter_id","business_day_id") WHERE "pos_sessions"."rescue";--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sessions_one_open" ON "pos_sessions" USING btree ("counter_id") WHERE "pos_sessions"."status" = 'open' AND NOT "pos_sessions"."rescue";