CREATE TABLE "out" AS
SELECT privrisk_key AS `id`, class_size, CAST(1 AS DOUBLE) / class_size AS prosecutor_risk
FROM (
  SELECT privrisk_key, in_sample,
    CAST(SUM(in_sample) OVER (PARTITION BY privrisk_k0, CASE WHEN LENGTH(privrisk_k0) * 4 >= @@max_sort_length THEN UNHEX(SHA2(privrisk_k0, 256)) END, privrisk_k1, privrisk_k2) AS SIGNED) AS class_size
  FROM (
    SELECT `id` AS privrisk_key, (CONVERT(`zip` USING utf8mb4) COLLATE utf8mb4_nopad_bin) AS privrisk_k0, `we"ird; DROP TABLE x;--` AS privrisk_k1, `income` AS privrisk_k2, 1 AS in_sample, 0 AS in_population
    FROM "people"
  ) stacked
) windowed
WHERE in_sample = 1
