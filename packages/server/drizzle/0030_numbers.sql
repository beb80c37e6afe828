CREATE TABLE "messenger_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender" varchar(34) NOT NULL,
	"state" varchar(20) DEFAULT 'idle' NOT NULL,
	"keyword_id" integer,
	"supporter_id" integer,
	"amount" integer,
	"currency_code" varchar(3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messenger_conversations_state_check" CHECK ("messenger_conversations"."state" in ('idle', 'awaiting_amount', 'link_sent'))
);
--> statement-breakpoint
CREATE TABLE "messenger_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number_id" integer NOT NULL,
	"keyword" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"direction" varchar(3) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachment_type" varchar(10),
	"attachment_key" varchar(255),
	"actions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messenger_messages_direction_check" CHECK ("messenger_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "verification" jsonb;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "verification_reference" varchar(64);--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "verification_status" varchar(30);--> statement-breakpoint
ALTER TABLE "messenger_conversations" ADD CONSTRAINT "messenger_conversations_keyword_id_messenger_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."messenger_keywords"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_conversations" ADD CONSTRAINT "messenger_conversations_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_keywords" ADD CONSTRAINT "messenger_keywords_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_conversation_id_messenger_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."messenger_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_conversations_sender_unique" ON "messenger_conversations" USING btree ("sender");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_keywords_keyword_unique" ON "messenger_keywords" USING btree ("keyword");--> statement-breakpoint
CREATE INDEX "messenger_keywords_number_idx" ON "messenger_keywords" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "messenger_messages_conversation_idx" ON "messenger_messages" USING btree ("conversation_id","id");