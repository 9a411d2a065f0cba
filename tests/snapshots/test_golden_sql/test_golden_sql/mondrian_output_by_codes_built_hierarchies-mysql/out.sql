CREATE TABLE "people_k5" AS
SELECT r.`id`, b.partition_id AS `partition_id`
     , b.lo0 AS `age_lo`, b.hi0 AS `age_hi`, b.gen0 AS `age_gen`
     , b.lo1 AS `born_lo`, b.hi1 AS `born_hi`, b.gen1 AS `born_gen`
FROM (SELECT `id`, `age`, `born` FROM "people") r
STRAIGHT_JOIN `privrisk_x_tuple_labels` b ON b.v0 = (CONVERT(r.`age` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
 AND b.v1 = (CONVERT(r.`born` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
