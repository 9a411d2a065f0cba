SELECT COUNT(*) AS partitions, MIN(p.n) AS min_size, MAX(p.n) AS max_size, SUM(p.n * p.n) AS discernibility
     , SUM(p.n * CASE WHEN p.hi0 = p.lo0 THEN 0 WHEN g.range0 = 0 THEN 0 ELSE (p.hi0 - p.lo0) / g.range0 END) AS ncp0
     , SUM(p.n * CASE WHEN p.hi1 = p.lo1 THEN 0 WHEN p.lo1 = g.null_code1 THEN 1 WHEN g.range1 = 0 THEN 0 ELSE (p.hi1 - p.lo1) / g.range1 END) AS ncp1
     , SUM(p.n * CASE WHEN p.hi2 = p.lo2 THEN 0 WHEN g.range2 = 0 THEN 0 ELSE (p.hi2 - p.lo2) / g.range2 END) AS ncp2
     , SUM(p.n * CASE WHEN g.range3 = 0 THEN 0 ELSE (p.nd3 - 1) / g.range3 END) AS ncp3
     , SUM(p.n * CASE WHEN p.hi4 = p.lo4 THEN 0 WHEN g.range4 = 0 THEN 0 ELSE (p.hi4 - p.lo4) / g.range4 END) AS ncp4
     , SUM(p.n * CASE WHEN g.range5 = 0 THEN 0 ELSE (p.nd5 - 1) / g.range5 END) AS ncp5
     , SUM(p.n * CASE WHEN p.hi6 = p.lo6 THEN 0 WHEN p.lo6 = g.null_code6 THEN 1 WHEN g.range6 = 0 THEN 0 ELSE (p.hi6 - p.lo6) / g.range6 END) AS ncp6
     , SUM(p.n * n7.share) AS ncp7
     , SUM(p.n * CASE WHEN p.hi8 = p.lo8 THEN 0 WHEN g.range8 = 0 THEN 0 ELSE (p.hi8 - p.lo8) / g.range8 END) AS ncp8
FROM "privrisk_x_parts" p CROSS JOIN "privrisk_x_globals" g
CROSS JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM "privrisk_x_parts" tp
   JOIN "privrisk_x_nodes7" ta ON ta.code = tp.lo7
   JOIN "privrisk_x_nodes7" tb ON tb.code = tp.hi7 AND tb.depth = ta.depth AND tb.label = ta.label
  GROUP BY tp.pid) td7 ON td7.pid = p.pid
CROSS JOIN "privrisk_x_nodes7" n7 ON n7.code = p.lo7 AND n7.depth = td7.depth
