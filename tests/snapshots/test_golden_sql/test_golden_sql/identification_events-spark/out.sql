SELECT e.first_match, e.syn_rid,
  CASE WHEN e.first_match - e.first_match % 1000 IN (1000, 3000)
    THEN s.`c0` END AS `c0`,
  CASE WHEN e.first_match - e.first_match % 1000 IN (2000, 3000)
    THEN s.`c1` END AS `c1`,
  NULL AS `c2`
FROM `privrisk_x_events` e
JOIN `privrisk_x_syn` s ON s.rid = e.syn_rid
ORDER BY e.first_match - e.first_match % 1000, e.syn_rid
