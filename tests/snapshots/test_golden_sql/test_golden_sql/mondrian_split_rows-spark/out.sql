CREATE TABLE `privrisk_x_w1` AS
SELECT w.rid
     , 1 + 2 * x.seq + CASE WHEN CASE x.dim WHEN 0 THEN w.c0 WHEN 1 THEN w.c1 WHEN 2 THEN w.c2 WHEN 3 THEN w.c3 WHEN 4 THEN w.c4 END > x.s THEN 1 ELSE 0 END AS pid
     , w.c0
     , w.c1
     , w.c2
     , w.c3
     , w.c4
FROM `privrisk_x_w` w
JOIN (SELECT pid, dim, s, n, ROW_NUMBER() OVER (ORDER BY pid) AS seq FROM `privrisk_x_cuts0`) x ON x.pid = w.pid
