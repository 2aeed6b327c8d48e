ALTER TABLE `audit_log` ADD `stub` integer;--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'imposter.create' WHERE `action` = 'created';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'imposter.delete' WHERE `action` = 'deleted';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'stubs.replace' WHERE `action` = 'stubs replaced';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'proxy-responses.delete' WHERE `action` = 'saved proxy responses deleted';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'requests.delete' WHERE `action` = 'saved requests deleted';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'stub.add', `stub` = CAST(substr(`action`, 15) AS INTEGER) WHERE `action` GLOB 'stub added at [0-9]*';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'stub.replace', `stub` = CAST(substr(`action`, 6) AS INTEGER) WHERE `action` GLOB 'stub [0-9]* replaced';--> statement-breakpoint
UPDATE `audit_log` SET `action` = 'stub.delete', `stub` = CAST(substr(`action`, 6) AS INTEGER) WHERE `action` GLOB 'stub [0-9]* deleted';
