SELECT
  SUM(CASE WHEN `people_count` IS NULL THEN 1 ELSE 0 END) AS missing,
  SUM(CASE WHEN `people_count` < 0 THEN 1 ELSE 0 END) AS negative,
  0 AS not_whole,
  SUM(CASE WHEN `people_count` > 0 THEN 1 ELSE 0 END) AS counted,
  SUM(CASE WHEN `people_count` > 0 THEN CAST(`people_count` AS DOUBLE) ELSE 0 END) AS people
FROM "census"
