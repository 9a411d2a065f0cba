SELECT e.combo_start, COUNT(*) AS n_events, MAX(t.identified) AS identified
FROM (
  SELECT first_match - first_match % 1000 AS combo_start
  FROM `privrisk_x_events`
) e
CROSS JOIN (SELECT COUNT(DISTINCT syn_rid) AS identified FROM `privrisk_x_events`) t
GROUP BY e.combo_start
