CREATE TABLE "people_k5" AS
SELECT r."id", b.partition_id AS "partition_id"
     , b.lo0 AS "age_lo", b.hi0 AS "age_hi", b.gen0 AS "age_gen"
     , b.lo1 AS "income_lo", b.hi1 AS "income_hi", b.gen1 AS "income_gen"
     , b.lo2 AS "visit_lo", b.hi2 AS "visit_hi", b.gen2 AS "visit_gen"
     , b.lo3 AS "smoker_lo", b.hi3 AS "smoker_hi", b.gen3 AS "smoker_gen"
     , b.lo4 AS "we""ird; DROP TABLE x;--_lo", b.hi4 AS "we""ird; DROP TABLE x;--_hi", b.gen4 AS "we""ird; DROP TABLE x;--_gen"
     , b.lo5 AS "city_lo", b.hi5 AS "city_hi", b.gen5 AS "city_gen"
     , b.lo6 AS "zone_lo", b.hi6 AS "zone_hi", b.gen6 AS "zone_gen"
     , b.lo7 AS "job_lo", b.hi7 AS "job_hi", b.gen7 AS "job_gen"
     , b.lo8 AS "flag_lo", b.hi8 AS "flag_hi", b.gen8 AS "flag_gen"
FROM "privrisk_x_rows" r
JOIN "privrisk_x_done" w ON w.rid = r."privrisk_rid"
JOIN "privrisk_x_labels" b ON b.pid = w.pid
