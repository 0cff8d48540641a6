CREATE TABLE "business_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outlet_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"sales_voucher_id" integer,
	"cogs_voucher_id" integer,
	"z_number" text,
	"snapshot" jsonb,
	"last_token" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_days_status_check" CHECK ("business_days"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "cash_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"account_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"client_uuid" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_moves_kind_check" CHECK ("cash_moves"."kind" IN ('pay_in', 'pay_out', 'drop')),
	CONSTRAINT "cash_moves_amount_check" CHECK ("cash_moves"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "kds_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kds_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"outlet_id" integer NOT NULL,
	"station_id" integer,
	"kind" text NOT NULL,
	"ticket_id" bigint,
	"order_id" bigint,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_ticket_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kitchen_ticket_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"name_snapshot" text NOT NULL,
	"modifiers_snapshot" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"qty_micro" bigint NOT NULL,
	"voided_qty_micro" bigint DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kitchen_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kitchen_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"station_id" integer NOT NULL,
	"fire_seq" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"course" smallint DEFAULT 1 NOT NULL,
	"table_label" text,
	"token" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"served_at" timestamp with time zone,
	"recalled_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kitchen_tickets_kind_check" CHECK ("kitchen_tickets"."kind" IN ('new', 'addition', 'void')),
	CONSTRAINT "kitchen_tickets_status_check" CHECK ("kitchen_tickets"."status" IN ('new', 'preparing', 'ready', 'served', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "pos_invoice_counters" (
	"counter_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "pos_invoice_counters_counter_id_year_pk" PRIMARY KEY("counter_id","year")
);
--> statement-breakpoint
CREATE TABLE "pos_order_discounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_order_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"line_id" bigint,
	"source" text NOT NULL,
	"coupon_id" integer,
	"pct_bp" integer,
	"amount_minor" bigint,
	"allocated_minor" bigint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"approved_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_order_discounts_source_check" CHECK ("pos_order_discounts"."source" IN ('manual', 'coupon', 'promotion', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "pos_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"line_uuid" text NOT NULL,
	"variant_id" integer,
	"deal_id" integer,
	"deal_parent_line_id" bigint,
	"name_snapshot" text NOT NULL,
	"size_name" text,
	"flavour_name" text,
	"category_id" integer,
	"station_id" integer,
	"qty_micro" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"price_override_minor" bigint,
	"override_by" integer,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint DEFAULT 0 NOT NULL,
	"tax_class_id" integer,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"service_charge_minor" bigint DEFAULT 0 NOT NULL,
	"course" smallint DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fired_at" timestamp with time zone,
	"voided_qty_micro" bigint DEFAULT 0 NOT NULL,
	"void_reason_id" integer,
	"voided_by" integer,
	"recipe_version_id" integer,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_qty_micro" bigint DEFAULT 0 NOT NULL,
	"refund_of_line_id" bigint,
	"split_from_line_id" bigint,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_order_lines_status_check" CHECK ("pos_order_lines"."status" IN ('pending', 'fired', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "pos_order_ops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_order_ops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"op_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"approved_by" integer,
	"device_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_after" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_uuid" text NOT NULL,
	"outlet_id" integer NOT NULL,
	"business_day_id" integer NOT NULL,
	"session_id" integer,
	"counter_id" integer,
	"number" text,
	"token" integer NOT NULL,
	"order_type" text NOT NULL,
	"table_id" integer,
	"guests" smallint,
	"waiter_id" integer,
	"customer_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"kitchen_status" text DEFAULT 'none' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"subtotal_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"service_charge_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"rounding_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"change_minor" bigint DEFAULT 0 NOT NULL,
	"refund_of_id" bigint,
	"merged_into_id" bigint,
	"split_from_id" bigint,
	"sales_voucher_id" integer,
	"void_reason_id" integer,
	"late" boolean DEFAULT false NOT NULL,
	"price_flag" boolean DEFAULT false NOT NULL,
	"fiscal_number" text,
	"fiscal_qr" text,
	"device_id" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "pos_orders_status_check" CHECK ("pos_orders"."status" IN ('open', 'billed', 'paid', 'voided', 'merged', 'refund')),
	CONSTRAINT "pos_orders_type_check" CHECK ("pos_orders"."order_type" IN ('take_away', 'dine_in', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "pos_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"session_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"tendered_minor" bigint NOT NULL,
	"change_minor" bigint DEFAULT 0 NOT NULL,
	"base_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"client_uuid" text NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" integer,
	CONSTRAINT "pos_payments_status_check" CHECK ("pos_payments"."status" IN ('done', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "pos_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_day_id" integer NOT NULL,
	"counter_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rescue" boolean DEFAULT false NOT NULL,
	"opening_float_minor" bigint DEFAULT 0 NOT NULL,
	"opening_denoms" jsonb,
	"float_book_minor" bigint DEFAULT 0 NOT NULL,
	"expected" jsonb,
	"counted" jsonb,
	"counted_denoms" jsonb,
	"over_short_minor" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"close_notes" text DEFAULT '' NOT NULL,
	"device_id" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	CONSTRAINT "pos_sessions_status_check" CHECK ("pos_sessions"."status" IN ('open', 'closed')),
	CONSTRAINT "pos_sessions_float_check" CHECK ("pos_sessions"."opening_float_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"printer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_type" text,
	"ref_id" bigint,
	"payload" "bytea" NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" IN ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "supervisor_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supervisor_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"supervisor_id" integer NOT NULL,
	"action" text NOT NULL,
	"requested_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "void_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "void_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_waste" boolean DEFAULT false NOT NULL,
	"needs_supervisor" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_sales_voucher_id_vouchers_id_fk" FOREIGN KEY ("sales_voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_cogs_voucher_id_vouchers_id_fk" FOREIGN KEY ("cogs_voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_moves" ADD CONSTRAINT "cash_moves_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_moves" ADD CONSTRAINT "cash_moves_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_moves" ADD CONSTRAINT "cash_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kds_events" ADD CONSTRAINT "kds_events_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD CONSTRAINT "kitchen_ticket_items_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD CONSTRAINT "kitchen_ticket_items_order_line_id_pos_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."pos_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_invoice_counters" ADD CONSTRAINT "pos_invoice_counters_counter_id_pos_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."pos_counters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_discounts" ADD CONSTRAINT "pos_order_discounts_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_discounts" ADD CONSTRAINT "pos_order_discounts_line_id_pos_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."pos_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_discounts" ADD CONSTRAINT "pos_order_discounts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_discounts" ADD CONSTRAINT "pos_order_discounts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_discounts" ADD CONSTRAINT "pos_order_discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_deal_parent_line_id_pos_order_lines_id_fk" FOREIGN KEY ("deal_parent_line_id") REFERENCES "public"."pos_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_void_reason_id_void_reasons_id_fk" FOREIGN KEY ("void_reason_id") REFERENCES "public"."void_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_recipe_version_id_recipes_id_fk" FOREIGN KEY ("recipe_version_id") REFERENCES "public"."recipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_refund_of_line_id_pos_order_lines_id_fk" FOREIGN KEY ("refund_of_line_id") REFERENCES "public"."pos_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_split_from_line_id_pos_order_lines_id_fk" FOREIGN KEY ("split_from_line_id") REFERENCES "public"."pos_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_ops" ADD CONSTRAINT "pos_order_ops_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_ops" ADD CONSTRAINT "pos_order_ops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_ops" ADD CONSTRAINT "pos_order_ops_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_business_day_id_business_days_id_fk" FOREIGN KEY ("business_day_id") REFERENCES "public"."business_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_counter_id_pos_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."pos_counters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_waiter_id_users_id_fk" FOREIGN KEY ("waiter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_customer_id_pos_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."pos_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_refund_of_id_pos_orders_id_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_merged_into_id_pos_orders_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_split_from_id_pos_orders_id_fk" FOREIGN KEY ("split_from_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_sales_voucher_id_vouchers_id_fk" FOREIGN KEY ("sales_voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_void_reason_id_void_reasons_id_fk" FOREIGN KEY ("void_reason_id") REFERENCES "public"."void_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_business_day_id_business_days_id_fk" FOREIGN KEY ("business_day_id") REFERENCES "public"."business_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_counter_id_pos_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."pos_counters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_approvals" ADD CONSTRAINT "supervisor_approvals_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_approvals" ADD CONSTRAINT "supervisor_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_days_date_key" ON "business_days" USING btree ("outlet_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "business_days_one_open" ON "business_days" USING btree ("outlet_id") WHERE "business_days"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "cash_moves_client_key" ON "cash_moves" USING btree ("client_uuid");--> statement-breakpoint
CREATE INDEX "cash_moves_session_idx" ON "cash_moves" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "kds_events_station_idx" ON "kds_events" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "kds_events_at_idx" ON "kds_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "kitchen_ticket_items_ticket_idx" ON "kitchen_ticket_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "kitchen_ticket_items_line_idx" ON "kitchen_ticket_items" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_station_idx" ON "kitchen_tickets" USING btree ("station_id","status");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_order_idx" ON "kitchen_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_order_discounts_order_idx" ON "pos_order_discounts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_order_lines_uuid_key" ON "pos_order_lines" USING btree ("order_id","line_uuid");--> statement-breakpoint
CREATE INDEX "pos_order_lines_order_idx" ON "pos_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_order_lines_refund_idx" ON "pos_order_lines" USING btree ("refund_of_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_order_ops_uuid_key" ON "pos_order_ops" USING btree ("op_uuid");--> statement-breakpoint
CREATE INDEX "pos_order_ops_order_idx" ON "pos_order_ops" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_client_key" ON "pos_orders" USING btree ("client_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_number_key" ON "pos_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "pos_orders_day_idx" ON "pos_orders" USING btree ("business_day_id","status");--> statement-breakpoint
CREATE INDEX "pos_orders_table_idx" ON "pos_orders" USING btree ("table_id") WHERE "pos_orders"."status" IN ('open', 'billed');--> statement-breakpoint
CREATE INDEX "pos_orders_refund_idx" ON "pos_orders" USING btree ("refund_of_id");--> statement-breakpoint
CREATE INDEX "pos_orders_voucher_idx" ON "pos_orders" USING btree ("sales_voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_payments_client_key" ON "pos_payments" USING btree ("client_uuid");--> statement-breakpoint
CREATE INDEX "pos_payments_order_idx" ON "pos_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_payments_session_idx" ON "pos_payments" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sessions_one_open" ON "pos_sessions" USING btree ("counter_id") WHERE "pos_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "pos_sessions_day_idx" ON "pos_sessions" USING btree ("business_day_id");--> statement-breakpoint
CREATE INDEX "print_jobs_queue_idx" ON "print_jobs" USING btree ("next_attempt_at","id") WHERE "print_jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "print_jobs_printer_idx" ON "print_jobs" USING btree ("printer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supervisor_approvals_token_key" ON "supervisor_approvals" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "void_reasons_name_key" ON "void_reasons" USING btree (lower("name"));