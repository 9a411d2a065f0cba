INSERT INTO `privrisk_x_matches` (syn_rid, combo_size, first_match)
SELECT syn_rid, 2, MIN(packed_match)
FROM (
  SELECT lo AS syn_rid,
    CAST(CASE grouping_set WHEN 7 THEN 1 WHEN 3 THEN 3 WHEN 8 THEN 6 END AS BIGINT) * 1000 + (hi - 1099511627776) AS packed_match
  FROM (
    SELECT GROUPING_ID(`c0`, `c1`, `c2`, `c3`) AS grouping_set, MIN(side_rid) AS lo, MAX(side_rid) AS hi
    FROM `privrisk_x_coded`
    GROUP BY `c0`, `c1`, `c2`, `c3` GROUPING SETS ((`c0`), (`c0`, `c1`), (`c1`, `c2`, `c3`))
    HAVING COUNT(*) = 2
  ) pairs
  WHERE lo < 1099511627776 AND hi >= 1099511627776
) batch_matches
GROUP BY syn_rid
