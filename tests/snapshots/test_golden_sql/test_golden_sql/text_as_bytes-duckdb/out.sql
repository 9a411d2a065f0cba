(SELECT "zip" AS "zip", ("we""ird; DROP TABLE x;--" COLLATE "C") AS "we""ird; DROP TABLE x;--", ("disease" COLLATE "C") AS "disease" FROM "people") privrisk_bytes
