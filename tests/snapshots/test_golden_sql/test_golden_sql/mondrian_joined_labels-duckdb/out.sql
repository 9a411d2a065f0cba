CREATE TEMP TABLE "privrisk_x_labels" AS
SELECT t0.pid, t0.partition_id
     , t0.lo0, t0.hi0, t0.gen0
     , t0.lo1, t0.hi1, t0.gen1
     , t0.lo2, t0.hi2, t0.gen2
     , t0.lo3, t0.hi3, t0.gen3
     , t1.lo4, t1.hi4, t1.gen4
     , t1.lo5, t1.hi5, t1.gen5
     , t1.lo6, t1.hi6, t1.gen6
     , t1.lo7, t1.hi7, t1.gen7
     , t1.lo8, t1.hi8, t1.gen8
FROM "privrisk_x_labels0" t0
JOIN "privrisk_x_labels1" t1 ON t1.pid = t0.pid
