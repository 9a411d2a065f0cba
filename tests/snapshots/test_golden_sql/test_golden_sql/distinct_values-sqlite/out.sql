SELECT DISTINCT "we""ird; DROP TABLE x;--" FROM "people" WHERE "we""ird; DROP TABLE x;--" IS NOT NULL
