SELECT COUNT(*) - COUNT(c4) AS uncoded4
FROM `privrisk_x_w0`
