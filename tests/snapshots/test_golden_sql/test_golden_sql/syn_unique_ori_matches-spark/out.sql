INSERT INTO `privrisk_x_matches` (syn_rid, combo_size, first_match)
SELECT syn_rid, 2, MIN(packed_match)
FROM (
  SELECT syn_rid, CAST(1 AS BIGINT) * 1000 + ori_rid AS packed_match
  FROM (
    SELECT
      MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
      MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
    FROM `privrisk_x_coded`
    GROUP BY `c0`
    HAVING COUNT(*) = 2 AND SUM(side) = 1
  ) matched_0
  UNION ALL
  SELECT syn_rid, CAST(3 AS BIGINT) * 1000 + ori_rid AS packed_match
  FROM (
    SELECT
      MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
      MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
    FROM `privrisk_x_coded`
    GROUP BY `c0`, `c1`
    HAVING COUNT(*) = 2 AND SUM(side) = 1
  ) matched_1
  UNION ALL
  SELECT syn_rid, CAST(6 AS BIGINT) * 1000 + ori_rid AS packed_match
  FROM (
    SELECT
      MIN(CASE WHEN side = 0 THEN rid END) AS syn_rid,
      MIN(CASE WHEN side = 1 THEN rid END) AS ori_rid
    FROM `privrisk_x_coded`
    GROUP BY COALESCE(`c1`, 0) * 24 + COALESCE(`c2`, 0) * 3 + COALESCE(`c3`, 0)
    HAVING COUNT(*) = 2 AND SUM(side) = 1
  ) matched_2
) batch_matches
GROUP BY syn_rid
