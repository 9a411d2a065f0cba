(SELECT "zip" AS "zip", (CAST("we""ird; DROP TABLE x;--" AS TEXT) COLLATE "C") AS "we""ird; DROP TABLE x;--", (CAST("disease" AS TEXT) COLLATE "C") AS "disease" FROM "people") privrisk_bytes
