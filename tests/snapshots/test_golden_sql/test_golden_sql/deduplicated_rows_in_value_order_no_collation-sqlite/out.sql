CREATE TEMP TABLE "privrisk_x_syn" AS
SELECT
  CAST(ROW_NUMBER() OVER (ORDER BY "c0", "c1", "c2", ("c3" COLLATE BINARY)) - 1 AS BIGINT) AS rid,
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
      privrisk_round_half_even(CAST("income" AS DOUBLE PRECISION), 2) AS "c1",
      STRFTIME('%Y-%m-%d %H:%M:00', "visit") AS "c2",
      "we""ird; DROP TABLE x;--" AS "c3"
    FROM "people"
  ) numbered
  GROUP BY "c0", "c1", "c2", "c3"
) distinct_rows
