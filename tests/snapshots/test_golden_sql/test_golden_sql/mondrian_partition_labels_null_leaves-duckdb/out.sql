CREATE TEMP TABLE "privrisk_x_labels" AS
SELECT p.pid, p.partition_id
     , mlo0.val AS lo0, mhi0.val AS hi0
     , h0.label AS gen0
     , p.vlo1 AS lo1, p.vhi1 AS hi1
     , h1.label AS gen1
FROM "privrisk_x_parts" p
CROSS JOIN "privrisk_x_globals" g
LEFT JOIN "privrisk_x_map0" mlo0 ON mlo0.code = p.lo0 AND p.lo0 > g.null_code0
LEFT JOIN "privrisk_x_map0" mhi0 ON mhi0.code = p.hi0 AND p.hi0 > g.null_code0
LEFT JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM "privrisk_x_parts" tp
   JOIN "privrisk_x_nodes0" ta ON ta.code = tp.lo0
   JOIN "privrisk_x_nodes0" tb ON tb.code = tp.hi0 AND tb.depth = ta.depth AND (tb.label = ta.label OR tb.label IS NULL AND ta.label IS NULL)
  GROUP BY tp.pid) td0 ON td0.pid = p.pid
LEFT JOIN "privrisk_x_nodes0" h0 ON h0.code = p.lo0 AND h0.depth = td0.depth
LEFT JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM "privrisk_x_parts" tp
   JOIN "privrisk_x_nodes1" ta ON ta.code = tp.lo1
   JOIN "privrisk_x_nodes1" tb ON tb.code = tp.hi1 AND tb.depth = ta.depth AND (tb.label = ta.label OR tb.label IS NULL AND ta.label IS NULL)
  GROUP BY tp.pid) td1 ON td1.pid = p.pid
LEFT JOIN "privrisk_x_nodes1" h1 ON h1.code = p.lo1 AND h1.depth = td1.depth
