CREATE TABLE `privrisk_x_w1` AS
SELECT w.rid
     , 1 + 2 * x.seq + CASE WHEN 2 * ROW_NUMBER() OVER (PARTITION BY w.pid ORDER BY CASE x.dim WHEN 0 THEN w.c0 WHEN 1 THEN w.c1 WHEN 2 THEN w.c2 WHEN 3 THEN w.c3 WHEN 4 THEN w.c4 WHEN 5 THEN w.c5 WHEN 6 THEN w.c6 WHEN 7 THEN w.c7 WHEN 8 THEN w.c8 END, w.rid) <= x.n THEN 0 ELSE 1 END AS pid
     , w.c0
     , w.c1
     , w.c2
     , w.c3
     , w.c4
     , w.c5
     , w.c6
     , w.c7
     , w.c8
     , w.h7 + CASE WHEN x.dim = 7 THEN 1 ELSE 0 END AS h7
FROM `privrisk_x_w` w
JOIN (SELECT pid, dim, s, n, ROW_NUMBER() OVER (ORDER BY pid) AS seq FROM `privrisk_x_cuts0`) x ON x.pid = w.pid
LEFT JOIN `privrisk_x_nodes7` a7 ON a7.code = w.c7 AND a7.depth = w.h7 + 1
