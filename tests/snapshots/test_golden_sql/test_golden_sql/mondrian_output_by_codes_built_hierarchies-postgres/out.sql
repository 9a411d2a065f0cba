CREATE TABLE "people_k5" AS
SELECT r."id", b.partition_id AS "partition_id"
     , b.lo0 AS "age_lo", b.hi0 AS "age_hi", b.gen0 AS "age_gen"
     , b.lo1 AS "born_lo", b.hi1 AS "born_hi", b.gen1 AS "born_gen"
FROM (SELECT "id", "age", "born" FROM "people") r
JOIN "privrisk_x_tuple_labels" b ON b.v0 = (CAST(r."age" AS TEXT) COLLATE "C")
 AND b.v1 = (CAST(r."born" AS TEXT) COLLATE "C")
