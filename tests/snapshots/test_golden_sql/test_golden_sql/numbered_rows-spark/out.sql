CREATE TABLE `privrisk_x_rows` AS
SELECT ROW_NUMBER() OVER (ORDER BY `id`, `age`, `we"ird; DROP TABLE x;--`) AS `privrisk_rid`, `id`, `age`, `we"ird; DROP TABLE x;--`
FROM "people"
