INSERT INTO "privrisk_x_matches" (syn_rid, combo_size, first_match)
SELECT syn_rid, 2, MIN(packed_match)
FROM (
  SELECT lo AS syn_rid, CAST(1 AS BIGINT) * 1000 + (hi - 1099511627776) AS packed_match
  FROM (
    SELECT MIN(side_rid) AS lo, MAX(side_rid) AS hi
    FROM "privrisk_x_coded"
    GROUP BY "c0"
    HAVING COUNT(*) = 2
  ) pairs_0
  WHERE lo < 1099511627776 AND hi >= 1099511627776
  UNION ALL
  SELECT lo AS syn_rid, CAST(3 AS BIGINT) * 1000 + (hi - 1099511627776) AS packed_match
  FROM (
    SELECT MIN(side_rid) AS lo, MAX(side_rid) AS hi
    FROM "privrisk_x_coded"
    GROUP BY "c0", "c1"
    HAVING COUNT(*) = 2
  ) pairs_1
  WHERE lo < 1099511627776 AND hi >= 1099511627776
  UNION ALL
  SELECT lo AS syn_rid, CAST(6 AS BIGINT) * 1000 + (hi - 1099511627776) AS packed_match
  FROM (
    SELECT MIN(side_rid) AS lo, MAX(side_rid) AS hi
    FROM "privrisk_x_coded"
    GROUP BY "c1" * 24 + "c2" * 3 + "c3"
    HAVING COUNT(*) = 2
  ) pairs_2
  WHERE lo < 1099511627776 AND hi >= 1099511627776
) batch_matches
GROUP BY syn_rid
