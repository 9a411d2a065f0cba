CREATE TEMP TABLE "privrisk_x_syn" AS
SELECT
  CAST(ROW_NUMBER() OVER (ORDER BY CASE WHEN "c0" IS NULL THEN 0 ELSE 1 END, "c0", CASE WHEN "c1" IS NULL THEN 0 ELSE 1 END, "c1", CASE WHEN "c2" IS NULL THEN 0 ELSE 1 END, "c2", CASE WHEN "c3" IS NULL THEN 0 ELSE 1 END, (CAST("c3" AS TEXT) COLLATE "C")) - 1 AS BIGINT) AS rid,
  "c0",
  "c1",
  "c2",
  "c3"
FROM (
  SELECT
    "c0",
    "c1",
    "c2",
    "c3"
  FROM (
    SELECT
      "age" AS "c0",
      (ROUND_EVEN(CAST(CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END AS DOUBLE PRECISION) * 100, 0) / 100) AS "c1",
      DATE_TRUNC('minute', "visit") AS "c2",
      "we""ird; DROP TABLE x;--" AS "c3"
    FROM "people"
  ) numbered
  GROUP BY "c0", "c1", "c2", "c3"
) distinct_rows
