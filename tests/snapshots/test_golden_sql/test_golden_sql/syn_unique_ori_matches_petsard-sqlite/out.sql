INSERT INTO "privrisk_x_matches" (combo, combo_size, syn_rid, n_ori, ori_rid)
SELECT 2, 1, rid, n_ori, ori_rid
FROM (
  SELECT side, rid, syn_group_size,
    SUM(side) OVER (PARTITION BY "c1") AS n_ori,
    MIN(CASE WHEN side = 1 THEN rid END) OVER (PARTITION BY "c1") AS ori_rid
  FROM (
    SELECT 0 AS side, rid, "c1", COUNT(*) OVER (PARTITION BY "c1", CASE WHEN "c1" IS NULL THEN rid END) AS syn_group_size
    FROM "privrisk_x_syn"
    UNION ALL
    SELECT 1 AS side, rid, "c1", 0 AS syn_group_size
    FROM "privrisk_x_ori"
  ) both_sides
) counted_0
WHERE side = 0 AND syn_group_size = 1
UNION ALL
SELECT 5, 2, rid, n_ori, ori_rid
FROM (
  SELECT side, rid, syn_group_size,
    SUM(side) OVER (PARTITION BY "c1", "c2") AS n_ori,
    MIN(CASE WHEN side = 1 THEN rid END) OVER (PARTITION BY "c1", "c2") AS ori_rid
  FROM (
    SELECT 0 AS side, rid, "c1", "c2", COUNT(*) OVER (PARTITION BY "c1", "c2", CASE WHEN "c1" IS NULL THEN rid END) AS syn_group_size
    FROM "privrisk_x_syn"
    UNION ALL
    SELECT 1 AS side, rid, "c1", "c2", 0 AS syn_group_size
    FROM "privrisk_x_ori"
  ) both_sides
) counted_1
WHERE side = 0 AND syn_group_size = 1
