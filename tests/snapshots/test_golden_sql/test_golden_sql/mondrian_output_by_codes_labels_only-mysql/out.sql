CREATE TABLE "people_k5" AS
SELECT r.`id`, b.partition_id AS `partition_id`
     , b.gen0 AS `age_gen`
     , b.gen1 AS `income_gen`
     , b.gen2 AS `visit_gen`
     , b.gen3 AS `smoker_gen`
     , b.gen4 AS `we"ird; DROP TABLE x;--_gen`
     , b.gen5 AS `city_gen`
     , b.gen6 AS `zone_gen`
     , b.gen7 AS `job_gen`
     , b.gen8 AS `flag_gen`
FROM (SELECT `id`, `age`, `income`, `visit`, `smoker`, `we"ird; DROP TABLE x;--`, `city`, `zone`, `job`, `flag` FROM "people") r
CROSS JOIN `privrisk_x_globals` g
STRAIGHT_JOIN `privrisk_x_tuple_labels` b ON b.c0 = CAST(r.`age` AS DOUBLE)
 AND b.c1 = COALESCE(CAST(r.`income` AS DOUBLE), g.null_code1)
 AND b.c2 = CAST((CAST(TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', r.`visit`) AS DOUBLE) + MICROSECOND(r.`visit`) / 1e6) AS DOUBLE)
 AND b.c3 = CAST(CASE WHEN r.`smoker` IS NULL THEN NULL WHEN r.`smoker` THEN 1 ELSE 0 END AS DOUBLE)
 AND b.v4 = (CONVERT(r.`we"ird; DROP TABLE x;--` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
 AND COALESCE(b.v5, '') = (CONVERT(COALESCE(r.`city`, '') USING utf8mb4) COLLATE utf8mb4_nopad_bin) AND (b.v5 IS NULL) = (r.`city` IS NULL)
 AND COALESCE(b.v6, '') = (CONVERT(COALESCE(r.`zone`, '') USING utf8mb4) COLLATE utf8mb4_nopad_bin) AND (b.v6 IS NULL) = (r.`zone` IS NULL)
 AND b.v7 = (CONVERT(r.`job` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
 AND b.c8 = CAST(r.`flag` AS DOUBLE)
