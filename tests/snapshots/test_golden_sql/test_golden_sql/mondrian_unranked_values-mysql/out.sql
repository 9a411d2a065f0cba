SELECT COUNT(*) - COUNT(c4)
FROM `privrisk_x_w0`
