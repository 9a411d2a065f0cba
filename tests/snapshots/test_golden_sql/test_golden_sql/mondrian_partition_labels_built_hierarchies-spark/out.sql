CREATE TABLE `privrisk_x_labels` AS
SELECT p.pid, p.partition_id
     , p.vlo0 AS lo0, p.vhi0 AS hi0
     , h0.label AS gen0
     , p.vlo1 AS lo1, p.vhi1 AS hi1
     , h1.label AS gen1
FROM `privrisk_x_parts` p
CROSS JOIN `privrisk_x_globals` g
LEFT JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM `privrisk_x_parts` tp
   JOIN `privrisk_x_nodes0` ta ON ta.code = tp.lo0
   JOIN `privrisk_x_nodes0` tb ON tb.code = tp.hi0 AND tb.depth = ta.depth AND tb.label = ta.label
  GROUP BY tp.pid) td0 ON td0.pid = p.pid
LEFT JOIN `privrisk_x_nodes0` h0 ON h0.code = p.lo0 AND h0.depth = td0.depth
LEFT JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM `privrisk_x_parts` tp
   JOIN `privrisk_x_nodes1` ta ON ta.code = tp.lo1
   JOIN `privrisk_x_nodes1` tb ON tb.code = tp.hi1 AND tb.depth = ta.depth AND tb.label = ta.label
  GROUP BY tp.pid) td1 ON td1.pid = p.pid
LEFT JOIN `privrisk_x_nodes1` h1 ON h1.code = p.lo1 AND h1.depth = td1.depth
