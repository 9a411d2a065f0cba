CREATE TABLE "out" AS
SELECT privrisk_key AS `id`, class_size, CAST(1 AS DOUBLE) / class_size AS prosecutor_risk,
  CAST(CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS SIGNED) AS population_size,
  CAST(1 AS DOUBLE) / CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS journalist_risk,
  weight_sum, CASE WHEN weight_sum <= class_size THEN CAST(1 AS DOUBLE) / class_size
  WHEN class_size = 1 AND ((weight_sum - class_size) / weight_sum) < 0.01 THEN (CAST(class_size AS DOUBLE) / weight_sum) * (1 + ((weight_sum - class_size) / weight_sum) / 2 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 3 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 4 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 5 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 6 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 7)
  WHEN class_size = 1 THEN (CAST(class_size AS DOUBLE) / weight_sum) / ((weight_sum - class_size) / weight_sum) * LN(1 / (CAST(class_size AS DOUBLE) / weight_sum))
  WHEN class_size = 2 AND ((weight_sum - class_size) / weight_sum) < 0.01 THEN (CAST(class_size AS DOUBLE) / weight_sum) * (CAST(1 AS DOUBLE) / 2 + ((weight_sum - class_size) / weight_sum) / 6 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 12 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 20 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 30 + ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) * ((weight_sum - class_size) / weight_sum) / 42)
  WHEN class_size = 2 THEN (CAST(class_size AS DOUBLE) / weight_sum) / ((weight_sum - class_size) / weight_sum) - ((CAST(class_size AS DOUBLE) / weight_sum) / ((weight_sum - class_size) / weight_sum)) * ((CAST(class_size AS DOUBLE) / weight_sum) / ((weight_sum - class_size) / weight_sum)) * LN(1 / (CAST(class_size AS DOUBLE) / weight_sum))
  ELSE (CAST(class_size AS DOUBLE) / weight_sum) / (class_size - ((weight_sum - class_size) / weight_sum)) END AS individual_risk
FROM (
  SELECT privrisk_key, in_sample,
    CAST(SUM(in_sample) OVER (PARTITION BY privrisk_k0, CASE WHEN LENGTH(privrisk_k0) * 4 >= @@max_sort_length THEN UNHEX(SHA2(privrisk_k0, 256)) END, privrisk_k1, privrisk_k2) AS SIGNED) AS class_size,
    CAST(SUM(in_population) OVER (PARTITION BY privrisk_k0, CASE WHEN LENGTH(privrisk_k0) * 4 >= @@max_sort_length THEN UNHEX(SHA2(privrisk_k0, 256)) END, privrisk_k1, privrisk_k2) AS SIGNED) AS population_size,
    SUM(privrisk_w) OVER (PARTITION BY privrisk_k0, CASE WHEN LENGTH(privrisk_k0) * 4 >= @@max_sort_length THEN UNHEX(SHA2(privrisk_k0, 256)) END, privrisk_k1, privrisk_k2) AS weight_sum
  FROM (
    SELECT `id` AS privrisk_key, (CONVERT(`zip` USING utf8mb4) COLLATE utf8mb4_nopad_bin) AS privrisk_k0, `we"ird; DROP TABLE x;--` AS privrisk_k1, `income` AS privrisk_k2, CAST(`weight` AS DOUBLE) AS privrisk_w, 1 AS in_sample, 0 AS in_population
    FROM "people"
    UNION ALL
    SELECT NULL, (CONVERT(`zip5` USING utf8mb4) COLLATE utf8mb4_nopad_bin), `age`, `income`, NULL, 0, `people_count`
    FROM "census"
  ) stacked
) windowed
WHERE in_sample = 1
