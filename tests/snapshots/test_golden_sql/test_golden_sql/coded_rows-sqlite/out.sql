CREATE TEMP TABLE "privrisk_x_coded" AS
WITH both_sides AS (
  SELECT 0 AS side, rid, "c0", "c1" FROM "privrisk_x_syn"
  UNION ALL
  SELECT 1 AS side, rid, "c0", "c1" FROM "privrisk_x_ori"
),
first_sides AS (
  SELECT side, rid,
    "c0", MIN(side) OVER (PARTITION BY "c0") AS "first_side_c0",
    "c1", MIN(side) OVER (PARTITION BY "c1") AS "first_side_c1"
  FROM both_sides
)
SELECT
  side,
  rid,
  rid + side * 1099511627776 AS side_rid,
  CASE WHEN "c0" IS NULL THEN 0 ELSE CAST(DENSE_RANK() OVER (
    ORDER BY "c0" IS NULL, "first_side_c0", "c0") AS BIGINT) END AS "c0",
  CASE WHEN "c1" IS NULL THEN 0 ELSE CAST(DENSE_RANK() OVER (
    ORDER BY "c1" IS NULL, "first_side_c1", "c1") AS BIGINT) END AS "c1"
FROM first_sides
