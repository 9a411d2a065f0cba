CREATE TEMPORARY TABLE `privrisk_x_rows` AS
SELECT ROW_NUMBER() OVER () AS `privrisk_rid`, `id`, `age`, `we"ird; DROP TABLE x;--`
FROM "people"
