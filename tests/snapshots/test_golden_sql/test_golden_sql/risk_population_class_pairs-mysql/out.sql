SELECT sample_size, population_size, COUNT(*) AS classes
FROM (
  SELECT SUM(in_sample) AS sample_size, SUM(in_population) AS population_size
  FROM (
    SELECT (CONVERT(`zip` USING utf8mb4) COLLATE utf8mb4_nopad_bin) AS privrisk_k0, `we"ird; DROP TABLE x;--` AS privrisk_k1, `income` AS privrisk_k2, 1 AS in_sample, 0 AS in_population FROM "people"
    UNION ALL
    SELECT (CONVERT(`zip5` USING utf8mb4) COLLATE utf8mb4_nopad_bin), `age`, `income`, 0, 1 FROM "census"
  ) stacked
  GROUP BY privrisk_k0, privrisk_k1, privrisk_k2) pairs
WHERE sample_size > 0
GROUP BY sample_size, population_size
