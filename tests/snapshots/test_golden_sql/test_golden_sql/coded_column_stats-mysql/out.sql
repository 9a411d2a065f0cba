SELECT
  SUM(1 - side) AS n_syn,
  SUM(side) AS n_ori,
  COALESCE(MAX(CASE WHEN side = 0 THEN `c0` END), 0) AS `distinct_c0`,
  SUM(CASE WHEN side = 0 AND `c0` = 0 THEN 1 ELSE 0 END) AS `nulls_c0`,
  MAX(`c0`) AS `max_c0`,
  COALESCE(MAX(CASE WHEN side = 0 THEN `c1` END), 0) AS `distinct_c1`,
  SUM(CASE WHEN side = 0 AND `c1` = 0 THEN 1 ELSE 0 END) AS `nulls_c1`,
  MAX(`c1`) AS `max_c1`
FROM `privrisk_x_coded`
