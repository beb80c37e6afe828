CREATE TABLE "editor_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_templates_kind_check" CHECK ("editor_templates"."kind" in ('pages', 'sections', 'components', 'smart_codes'))
);
--> statement-breakpoint
CREATE TABLE "theme_asset_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"value" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "theme_asset_versions" ADD CONSTRAINT "theme_asset_versions_asset_id_theme_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."theme_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_asset_versions" ADD CONSTRAINT "theme_asset_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_templates_kind_idx" ON "editor_templates" USING btree ("kind","sequence");--> statement-breakpoint
CREATE INDEX "theme_asset_versions_asset_idx" ON "theme_asset_versions" USING btree ("asset_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The product's templates library (part 2 "Templates library modal"): ready-made blocks staff insert into pages.
INSERT INTO "editor_templates" ("kind", "name", "description", "body", "sequence") VALUES
('pages', 'Campaign landing page', 'Headline, story, impact numbers and a donate button.', '<h1>Help us reach our goal</h1><p>Tell the story of the people your campaign serves.</p><h2>Your impact</h2><ul><li><strong>$25</strong> provides clean water for a month</li><li><strong>$100</strong> sends a child to school for a term</li></ul><p><a href="/donate">Give now</a></p>', 1),
('pages', 'About us', 'Mission, history and team.', '<h1>About us</h1><h2>Our mission</h2><p>What we do and why it matters.</p><h2>Our history</h2><p>How we started.</p><h2>Our team</h2><p>The people behind the work.</p>', 2),
('pages', 'Thank you page', 'Shown after a gift.', '<h1>Thank you!</h1><p>Your generosity changes lives. A receipt is on its way to your inbox.</p>', 3),
('sections', 'Two columns', 'Text beside text.', '<h2>Left heading</h2><p>Left column text.</p><h2>Right heading</h2><p>Right column text.</p>', 1),
('sections', 'Frequently asked questions', 'Questions with answers.', '<h2>Frequently asked questions</h2><h3>Is my gift tax-deductible?</h3><p>Yes, you will receive a tax receipt.</p><h3>Can I give monthly?</h3><p>Yes, choose monthly on the donation form.</p>', 2),
('sections', 'Testimonial', 'A quote from a supporter.', '<blockquote><p>Giving monthly is the easiest way I know to make a lasting difference.</p></blockquote><p><em>A monthly supporter</em></p>', 3),
('components', 'Donate button', 'A link to the donation page.', '<p>Ready to help? <a href="/donate"><strong>Donate now</strong></a> and change a life today.</p>', 1),
('components', 'Impact list', 'Amounts and what they do.', '<ul><li><strong>$10</strong> what ten dollars does</li><li><strong>$50</strong> what fifty dollars does</li></ul>', 2),
('components', 'Contact block', 'Address, phone and email.', '<p><strong>Contact us</strong><br>123 Main Street<br>555-0100<br>info@example.org</p>', 3),
('smart_codes', 'Organisation name', 'The organisation''s name from settings.', '{{ site.name }}', 1),
('smart_codes', 'Supporter first name', 'The signed-in supporter''s first name.', '{{ account.first_name | default: "friend" }}', 2),
('smart_codes', 'Product list', 'The products of a category.', '{% for product in category.products %}<p>{{ product.name }}</p>{% endfor %}', 3),
('smart_codes', 'Current year', 'Today''s year.', '{{ "now" | date: "%Y" }}', 4);
