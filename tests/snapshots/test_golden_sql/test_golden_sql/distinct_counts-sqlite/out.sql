SELECT
  COUNT(*) AS n_rows,
  COUNT(DISTINCT "c0") AS "distinct_c0",
  COUNT(*) - COUNT("c0") AS "nulls_c0",
  COUNT(DISTINCT "c1") AS "distinct_c1",
  COUNT(*) - COUNT("c1") AS "nulls_c1"
FROM "privrisk_x_syn"
