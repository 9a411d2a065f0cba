INSERT INTO "privrisk_x_matches" (combo, combo_size, syn_rid, n_ori, ori_rid)
SELECT 1, 1, syn_rid, n_ori, ori_rid
FROM (
  SELECT
    MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
    SUM(side) AS n_ori,
    MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
  FROM (
    SELECT 0 AS side, rid, "c0" FROM "privrisk_x_syn"
    UNION ALL
    SELECT 1 AS side, rid, "c0" FROM "privrisk_x_ori"
  ) both_sides
  GROUP BY "c0"
  HAVING COUNT(*) - SUM(side) = 1
) matched_0
UNION ALL
SELECT 3, 2, syn_rid, n_ori, ori_rid
FROM (
  SELECT
    MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
    SUM(side) AS n_ori,
    MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
  FROM (
    SELECT 0 AS side, rid, "c0", "c1" FROM "privrisk_x_syn"
    UNION ALL
    SELECT 1 AS side, rid, "c0", "c1" FROM "privrisk_x_ori"
  ) both_sides
  GROUP BY "c0", "c1"
  HAVING COUNT(*) - SUM(side) = 1
) matched_1
