CREATE TABLE "people_k5" AS
SELECT r.`id`, b.partition_id AS `partition_id`
     , b.lo0 AS `job_lo`, b.hi0 AS `job_hi`, b.gen0 AS `job_gen`
     , b.lo1 AS `age_lo`, b.hi1 AS `age_hi`, b.gen1 AS `age_gen`
FROM (SELECT `id`, `job`, `age` FROM "people") r
STRAIGHT_JOIN `privrisk_x_tuple_labels` b ON COALESCE(b.v0, '') = (CONVERT(COALESCE(r.`job`, '') USING utf8mb4) COLLATE utf8mb4_nopad_bin) AND (b.v0 IS NULL) = (r.`job` IS NULL)
 AND COALESCE(b.v1, '') = (CONVERT(COALESCE(CAST(r.`age` AS CHAR), '') USING utf8mb4) COLLATE utf8mb4_nopad_bin) AND (b.v1 IS NULL) = (r.`age` IS NULL)
