SELECT COUNT(*) - COUNT(c4) AS uncoded4, COUNT(*) - COUNT(c5) AS uncoded5, COUNT(*) - COUNT(c6) AS uncoded6, COUNT(*) - COUNT(c7) AS uncoded7
FROM `privrisk_x_w0`
