CREATE TEMP TABLE "privrisk_x_tuples" AS
SELECT ROW_NUMBER() OVER () AS rid, pid, COUNT(*) AS n, c0, c1, c2, c3, c4
FROM "privrisk_x_w"
GROUP BY pid, c0, c1, c2, c3, c4
