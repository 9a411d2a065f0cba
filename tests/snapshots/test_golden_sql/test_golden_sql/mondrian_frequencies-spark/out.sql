CREATE TABLE `privrisk_x_freq0` AS
SELECT pid, 0 AS dim, c0 AS v, COUNT(*) AS c FROM `privrisk_x_w` GROUP BY pid, c0
UNION ALL
SELECT pid, 1 AS dim, c1 AS v, COUNT(*) AS c FROM `privrisk_x_w` GROUP BY pid, c1
UNION ALL
SELECT pid, 2 AS dim, c2 AS v, COUNT(*) AS c FROM `privrisk_x_w` GROUP BY pid, c2
UNION ALL
SELECT pid, 3 AS dim, c3 AS v, COUNT(*) AS c FROM `privrisk_x_w` GROUP BY pid, c3
UNION ALL
SELECT pid, 4 AS dim, c4 AS v, COUNT(*) AS c FROM `privrisk_x_w` GROUP BY pid, c4
