SELECT sample_size, weight_sum, COUNT(*) AS classes
FROM (
  SELECT COUNT(*) AS sample_size, SUM(CAST("privrisk_c2" AS DOUBLE PRECISION)) AS weight_sum
  FROM (SELECT "zip" AS "privrisk_c0", "we""ird; DROP TABLE x;--" AS "privrisk_c1", "weight" AS "privrisk_c2" FROM "people") privrisk_named
  GROUP BY "privrisk_c0", "privrisk_c1"
) weighted
GROUP BY sample_size, weight_sum
