SELECT COUNT(*) AS partitions, MIN(p.n) AS min_size, MAX(p.n) AS max_size, SUM(p.n * p.n) AS discernibility
     , SUM(p.n * n0.share) AS ncp0
     , SUM(p.n * n1.share) AS ncp1
FROM "privrisk_x_parts" p CROSS JOIN "privrisk_x_globals" g
CROSS JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM "privrisk_x_parts" tp
   JOIN "privrisk_x_nodes0" ta ON ta.code = tp.lo0
   JOIN "privrisk_x_nodes0" tb ON tb.code = tp.hi0 AND tb.depth = ta.depth AND (tb.label = ta.label OR tb.label IS NULL AND ta.label IS NULL)
  GROUP BY tp.pid) td0 ON td0.pid = p.pid
CROSS JOIN "privrisk_x_nodes0" n0 ON n0.code = p.lo0 AND n0.depth = td0.depth
CROSS JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM "privrisk_x_parts" tp
   JOIN "privrisk_x_nodes1" ta ON ta.code = tp.lo1
   JOIN "privrisk_x_nodes1" tb ON tb.code = tp.hi1 AND tb.depth = ta.depth AND (tb.label = ta.label OR tb.label IS NULL AND ta.label IS NULL)
  GROUP BY tp.pid) td1 ON td1.pid = p.pid
CROSS JOIN "privrisk_x_nodes1" n1 ON n1.code = p.lo1 AND n1.depth = td1.depth
