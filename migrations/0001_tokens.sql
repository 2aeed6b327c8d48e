ALTER TABLE `api_tokens` ADD `prefix` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `scope` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `revoked_at` integer;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `last_used_at` integer;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `created_by` text DEFAULT 'platform' NOT NULL;