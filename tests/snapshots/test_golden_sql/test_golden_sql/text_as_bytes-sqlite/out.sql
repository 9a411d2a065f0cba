(SELECT "zip" AS "zip", ("we""ird; DROP TABLE x;--" COLLATE BINARY) AS "we""ird; DROP TABLE x;--", ("disease" COLLATE BINARY) AS "disease" FROM "people") privrisk_bytes
