CREATE TEMP TABLE "privrisk_x_final" AS
SELECT w.rid, t.pid, w.c0, w.c1, w.c2, w.c3, w.c4
FROM "privrisk_x_w" w
JOIN "privrisk_x_done" t ON t.c0 = w.c0 AND t.c1 = w.c1 AND t.c2 = w.c2 AND t.c3 = w.c3 AND t.c4 = w.c4
