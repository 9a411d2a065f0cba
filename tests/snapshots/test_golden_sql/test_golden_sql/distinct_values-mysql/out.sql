SELECT DISTINCT (CONVERT(`we"ird; DROP TABLE x;--` USING utf8mb4) COLLATE utf8mb4_nopad_bin) FROM "people" WHERE `we"ird; DROP TABLE x;--` IS NOT NULL
