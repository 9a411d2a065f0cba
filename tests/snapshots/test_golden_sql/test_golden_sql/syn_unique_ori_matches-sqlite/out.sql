INSERT INTO "privrisk_x_matches" (combo, combo_size, syn_rid, ori_rid)
SELECT 1, 1, syn_rid, ori_rid
FROM (
  SELECT
    MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
    MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
  FROM "privrisk_x_coded"
  GROUP BY "c0"
  HAVING COUNT(*) = 2 AND SUM(side) = 1
) matched_0
UNION ALL
SELECT 3, 2, syn_rid, ori_rid
FROM (
  SELECT
    MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
    MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
  FROM "privrisk_x_coded"
  GROUP BY "c0", "c1"
  HAVING COUNT(*) = 2 AND SUM(side) = 1
) matched_1
UNION ALL
SELECT 6, 3, syn_rid, ori_rid
FROM (
  SELECT
    MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
    MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
  FROM "privrisk_x_coded"
  GROUP BY COALESCE("c1", 0) * 24 + COALESCE("c2", 0) * 3 + COALESCE("c3", 0)
  HAVING COUNT(*) = 2 AND SUM(side) = 1
) matched_2
