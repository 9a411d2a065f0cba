INSERT INTO "privrisk_x_matches" (syn_rid, combo_size, first_match)
SELECT syn_rid, 2, MIN(packed_match)
FROM (
  SELECT rid AS syn_rid, CAST(2 AS BIGINT) * 1000 + ori_rid AS packed_match
  FROM (
    SELECT side, rid,
      COUNT(*) OVER (PARTITION BY side, "c1", CASE WHEN "c1" = 0 THEN rid END) AS own_group_size,
      SUM(side) OVER (PARTITION BY "c1") AS n_ori,
      MIN(CASE WHEN side = 1 THEN rid END) OVER (PARTITION BY "c1") AS ori_rid
    FROM "privrisk_x_coded"
  ) counted_0
  WHERE side = 0 AND own_group_size = 1 AND n_ori = 1
  UNION ALL
  SELECT rid AS syn_rid, CAST(5 AS BIGINT) * 1000 + ori_rid AS packed_match
  FROM (
    SELECT side, rid,
      COUNT(*) OVER (PARTITION BY side, "c1" * 8 + "c2", CASE WHEN "c1" = 0 THEN rid END) AS own_group_size,
      SUM(side) OVER (PARTITION BY "c1" * 8 + "c2") AS n_ori,
      MIN(CASE WHEN side = 1 THEN rid END) OVER (PARTITION BY "c1" * 8 + "c2") AS ori_rid
    FROM "privrisk_x_coded"
  ) counted_1
  WHERE side = 0 AND own_group_size = 1 AND n_ori = 1
) batch_matches
GROUP BY syn_rid
