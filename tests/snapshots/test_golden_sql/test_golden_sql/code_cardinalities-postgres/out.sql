SELECT
  MAX("c0") AS "c0",
  MAX("c1") AS "c1"
FROM "privrisk_x_coded"
