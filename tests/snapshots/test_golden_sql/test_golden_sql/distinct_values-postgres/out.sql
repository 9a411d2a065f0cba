SELECT DISTINCT ("we""ird; DROP TABLE x;--" COLLATE "C") FROM "people" WHERE "we""ird; DROP TABLE x;--" IS NOT NULL
