CREATE TEMP TABLE "privrisk_x_syn" AS
SELECT
  CAST(ROW_NUMBER() OVER (ORDER BY "c0", "c1", "c2", "c3") - 1 AS BIGINT) AS rid,
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
      (CAST("we""ird; DROP TABLE x;--" AS TEXT) COLLATE "C") AS "c3"
    FROM "people"
  ) numbered
  GROUP BY "c0", "c1", "c2", "c3"
) distinct_rows
