ALTER TABLE `imposters` ADD `stored_bytes` integer;--> statement-breakpoint
ALTER TABLE `imposters` ADD `bytes_version` integer DEFAULT 0 NOT NULL;